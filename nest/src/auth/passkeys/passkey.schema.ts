import { Schema } from 'mongoose';

/**
 * One passkey (a WebAuthn credential) of an admin, by its credential id: a sign-in's answer names
 * it, so it is read by `_id` (the one lookup FerretDB pushes down).
 */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  _id: string;
  adminId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use (0: it keeps none). */
  counter: number;
  /** How the browser can reach it (usb, nfc, internal, hybrid…), as it told at registration. */
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const PASSKEY_MODEL = 'AdminPasskey';

export const PasskeySchema = new Schema<PasskeyRecord>(
  {
    _id: { type: String, required: true },
    adminId: { type: String, required: true },
    name: { type: String, required: true },
    publicKey: { type: String, required: true },
    counter: { type: Number, required: true, default: 0 },
    transports: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
  },
  { collection: 'admin_passkeys', versionKey: false },
);
// GET /auth/mfa/passkeys and the ceremonies' lists: one admin's passkeys.
PasskeySchema.index({ adminId: 1 });
