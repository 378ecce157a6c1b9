import {
  API_KEYS_PATH,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isList = (body: unknown): body is ApiKeyListResponse =>
  hasSuccess('apiKeys')(body) && Array.isArray(body.apiKeys);

const isCreated = (body: unknown): body is CreateApiKeyResponse =>
  hasSuccess('key', 'apiKey')(body) && typeof body.key === 'string';

/** The API keys not revoked, newest first (owners): never a key or its hash. */
export function listApiKeys(token: string): Promise<ApiOutcome<ApiKeyListResponse>> {
  return apiRequest(API_KEYS_PATH, isList, { token });
}

/** A new key (owners, with a fresh factor): the answer holds the key this once. */
export function createApiKey(
  input: CreateApiKeyRequest,
  token: string,
): Promise<ApiOutcome<CreateApiKeyResponse>> {
  return apiRequest(API_KEYS_PATH, isCreated, { method: 'POST', body: input, token });
}

/** Revokes a key: its next request is refused, on every API process. */
export function revokeApiKey(id: string, token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(`${API_KEYS_PATH}/${encodeURIComponent(id)}`, hasSuccess(), {
    method: 'DELETE',
    token,
  });
}
