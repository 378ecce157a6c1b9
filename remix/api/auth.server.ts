import {
  AUTH_PATHS,
  type CheckTokenRequest,
  type LoginRequest,
  type LoginResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isLogin = (body: unknown): body is LoginResponse =>
  hasSuccess('token')(body) && typeof body.token === 'string';

export function login(
  credentials: LoginRequest,
  clientIp?: string,
): Promise<ApiOutcome<LoginResponse>> {
  return apiRequest(AUTH_PATHS.login, isLogin, { method: 'POST', body: credentials, clientIp });
}

/**
 * True when the API accepts the token. The API answers `{success: false}` with 200 for a bad token
 * (spec section 7), so a failure here is an outage, not a verdict on the token.
 */
export async function checkToken(token: string): Promise<ApiOutcome<boolean>> {
  const body: CheckTokenRequest = { token };
  const outcome = await apiRequest(
    AUTH_PATHS.checkToken,
    (b: unknown): b is { success: boolean } =>
      typeof b === 'object' &&
      b !== null &&
      typeof (b as { success?: unknown }).success === 'boolean',
    { method: 'POST', body },
  );
  if (outcome.ok) return { ok: true, data: outcome.data.success };
  // A token the API can't even parse (a tampered cookie) is a bad token, not an outage.
  return outcome.status === 400 ? { ok: true, data: false } : outcome;
}
