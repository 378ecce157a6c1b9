import { Schema } from 'mongoose';

/**
 * A WebAuthn challenge handed out and not yet answered, kept server-side so that any API process
 * can check the answer, and deleted by the check that reads it (single use). Its `_id` says what it
 * is for: `register:<admin id>`, `sign-in:<mfaToken's hash>` or `reauth:<session id>`.
 */
export interface PasskeyChallenge {
  _id: string;
  challenge: string;
  expiresAt: Date;
}

export const PASSKEY_CHALLENGE_MODEL = 'PasskeyChallenge';

export const PasskeyChallengeSchema = new Schema<PasskeyChallenge>(
  {
    _id: { type: String, required: true },
    challenge: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  // TTL index built by PasskeyChallenges where the server allows one (see TokenDenyList).
  { collection: 'passkey_challenges', versionKey: false },
);
