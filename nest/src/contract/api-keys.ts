import { type LeadAccess, type LeadAccessChange } from './lead-access';
import { type AdminRef } from './lead-work';
import { type AdminRole } from './roles';

// --- API keys for integrations (issue 34) ----------------------------------------------------
export const API_KEYS_PATH = '/api-keys';

/**
 * How every key starts: a bearer token beginning so is a key, anything else a session's token.
 * The rest is 32 random bytes in base64url (43 characters).
 */
export const API_KEY_PREFIX = 'bmd_';
/** The whole key: the prefix and 43 base64url characters. */
export const API_KEY_PATTERN = /^bmd_[A-Za-z0-9_-]{43}$/;
/** How much of a key the list shows to recognise it by (the prefix and 6 characters). */
export const API_KEY_HINT_LENGTH = API_KEY_PREFIX.length + 6;
/** The longest key name, in characters. */
export const API_KEY_NAME_MAX = 100;

/** A key as the API shows one: never the key, nor its hash. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters (`bmd_` and 6 more), to tell keys apart; not a secret. */
  hint: string;
  role: AdminRole;
  /** Which leads of each kind the key sees, as an admin's access. */
  access: LeadAccess;
  /** ISO 8601. */
  createdAt: string;
  /** The owner who created it (as they were then). */
  createdBy: AdminRef;
  /** ISO 8601; null: never expires. */
  expiresAt: string | null;
  /** ISO 8601, to the minute; null: never used. */
  lastUsedAt: string | null;
}

/**
 * POST /api-keys (owners, with a fresh factor): a key that acts as an admin of `role` with
 * `access` (as PATCH /admins/:id takes it; left out, the role's default for a new admin).
 */
export interface CreateApiKeyRequest {
  name: string;
  role: AdminRole;
  access?: LeadAccessChange;
  /** ISO 8601, in the future; left out: the key never expires. */
  expiresAt?: string;
}

/** The new key, shown this once: only its hash is stored. */
export interface CreateApiKeyResponse {
  success: true;
  key: string;
  apiKey: ApiKeySummary;
}

export interface ApiKeyListResponse {
  success: true;
  /** Newest first; revoked keys are gone from it. */
  apiKeys: ApiKeySummary[];
}

/** The guard's 401s for a key it does not take. */
export const API_KEY_REFUSALS = {
  unknown: 'This API key is not valid',
  revoked: 'This API key was revoked',
  expired: 'This API key has expired',
} as const;
