import { Schema } from 'mongoose';

import { ADMIN_ROLES, type AdminRef, type AdminRole, type LeadAccess } from '../../contract';

/**
 * One API key, by the SHA-256 of the key (hex): the guard finds it by `_id` alone on every request
 * it is sent with (the one lookup FerretDB pushes down), so a revoked key is refused at once on
 * every API process. The key itself is never stored (decision 0036).
 */
export interface ApiKeyRecord {
  _id: string;
  /** The id the API shows (24 hex): never derived from the key. */
  id: string;
  name: string;
  /** The key's first characters, to recognise it by. */
  hint: string;
  role: AdminRole;
  access: LeadAccess;
  createdAt: Date;
  createdBy: AdminRef;
  expiresAt: Date | null;
  /** Last use, written at most about once a minute (see ApiKeyStore.touch). */
  lastUsedAt: Date | null;
  /** Kept after revoking, so the guard can say why it refuses the key. */
  revokedAt: Date | null;
}

export const API_KEY_MODEL = 'ApiKey';

export const ApiKeySchema = new Schema<ApiKeyRecord>(
  {
    _id: { type: String, required: true },
    id: { type: String, required: true },
    name: { type: String, required: true },
    hint: { type: String, required: true },
    role: { type: String, required: true, enum: ADMIN_ROLES },
    access: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    createdBy: { type: Schema.Types.Mixed, required: true },
    expiresAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { collection: 'api_keys', versionKey: false, minimize: false },
);
// DELETE /api-keys/:id: the key by the id the API shows (owners only, rare; never per request).
ApiKeySchema.index({ id: 1 }, { unique: true });
