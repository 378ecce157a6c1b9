import { createHash, randomBytes } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { ExpiringStore } from '../../database/expiring.store';
import { type AdminDocument } from '../schemas/admin.schema';

import { MFA_CHALLENGE_MODEL, type MfaChallenge } from './mfa-challenge.schema';

const LIFETIME_MS = 5 * 60_000;
/** Wrong codes one challenge takes before it dies (the throttle counts them too). */
export const MFA_CHALLENGE_ATTEMPTS = 5;
const SWEEP_INTERVAL_MS = 10 * 60_000;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The `mfaToken`s of sign-ins half done: 5 minutes, one admin, 5 wrong codes, used once. */
@Injectable()
export class MfaChallenges extends ExpiringStore<MfaChallenge> {
  constructor(
    @InjectModel(MFA_CHALLENGE_MODEL) challenges: Model<MfaChallenge>,
    config: AppConfig,
  ) {
    super(challenges, config, SWEEP_INTERVAL_MS);
  }

  /** A new challenge for the admin; the answer is its token (only its hash is stored). */
  async issue(admin: AdminDocument): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.model.create({
      _id: idOf(token),
      adminId: String(admin._id),
      email: admin.email,
      sv: admin.sessionVersion,
      failures: 0,
      expiresAt: new Date(Date.now() + LIFETIME_MS),
    });
    return token;
  }

  /** The live challenge of a token, or null: unknown, expired or out of attempts. */
  async find(token: string): Promise<MfaChallenge | null> {
    const challenge = await this.model.findById(idOf(token)).lean<MfaChallenge>().exec();
    if (!challenge) return null;
    if (challenge.expiresAt.getTime() <= Date.now()) return null;
    return challenge.failures < MFA_CHALLENGE_ATTEMPTS ? challenge : null;
  }

  /** Counts a wrong code (atomically: concurrent guesses each use up one attempt). */
  async fail(challenge: MfaChallenge): Promise<void> {
    await this.model
      .updateOne(
        { _id: challenge._id, failures: trusted({ $lt: MFA_CHALLENGE_ATTEMPTS }) },
        { $inc: { failures: 1 } },
      )
      .exec();
  }

  /** Uses the challenge up; false when another request already did. */
  async consume(challenge: MfaChallenge): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: challenge._id }).exec();
    return result.deletedCount === 1;
  }
}
