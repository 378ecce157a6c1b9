import { Schema } from 'mongoose';

/**
 * One signed-in session, by its token's `jti`: read by `_id` on every request (the one lookup
 * FerretDB pushes down), so ending it refuses its token on every API process at once.
 */
export interface SessionRecord {
  _id: string;
  adminId: string;
  /** The admin's session version at sign-in: records of older versions open nothing. */
  sv: number;
  createdAt: Date;
  /** Last use, written at most about once a minute (see SessionStore.touch). */
  lastSeenAt: Date;
  /** When the session last checked a factor: sign-in, or POST /auth/reauth. */
  verifiedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** The token's own expiry: the record means nothing after it. */
  expiresAt: Date;
}

export const SESSION_MODEL = 'AdminSessionRecord';

export const SessionSchema = new Schema<SessionRecord>(
  {
    _id: { type: String, required: true },
    adminId: { type: String, required: true },
    sv: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    verifiedAt: { type: Date, required: true },
    ip: { type: String, default: null },
    userAgent: { type: String, default: null },
    expiresAt: { type: Date, required: true },
  },
  // The TTL index on expiresAt is SessionStore's to build (FerretDB refuses it; see TokenDenyList).
  { collection: 'admin_sessions', versionKey: false },
);
// GET /auth/sessions: one admin's sessions.
SessionSchema.index({ adminId: 1 });
