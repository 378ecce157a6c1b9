import { Schema } from 'mongoose';

/**
 * A sign-in waiting for its second factor: the password was right. Kept server-side, by the
 * SHA-256 of its `mfaToken`, so that the count of wrong codes holds across API processes.
 */
export interface MfaChallenge {
  _id: string;
  adminId: string;
  /** As signed in with: the sign-in throttle's key. */
  email: string;
  /** The admin's session version at the password step: a reset meanwhile voids the challenge. */
  sv: number;
  failures: number;
  expiresAt: Date;
}

export const MFA_CHALLENGE_MODEL = 'MfaChallenge';

export const MfaChallengeSchema = new Schema<MfaChallenge>(
  {
    _id: { type: String, required: true },
    adminId: { type: String, required: true },
    email: { type: String, required: true },
    sv: { type: Number, required: true },
    failures: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  // TTL index built by MfaChallenges where the server allows one (see TokenDenyList).
  { collection: 'mfa_challenges', versionKey: false },
);
