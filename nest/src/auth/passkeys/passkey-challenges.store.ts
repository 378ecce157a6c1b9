import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { ExpiringStore } from '../../database/expiring.store';

import { PASSKEY_CHALLENGE_MODEL, type PasskeyChallenge } from './passkey-challenge.schema';

/** As long as a sign-in's mfaToken: the ceremony is part of it. */
const LIFETIME_MS = 5 * 60_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** The WebAuthn challenges handed out: one per purpose, 5 minutes, used once. */
@Injectable()
export class PasskeyChallenges extends ExpiringStore<PasskeyChallenge> {
  constructor(
    @InjectModel(PASSKEY_CHALLENGE_MODEL) challenges: Model<PasskeyChallenge>,
    config: AppConfig,
  ) {
    super(challenges, config, SWEEP_INTERVAL_MS);
  }

  /** Keeps `challenge` for `key`; a newer one for the same key replaces it. */
  async keep(key: string, challenge: string): Promise<void> {
    await this.model
      .replaceOne(
        { _id: key },
        { _id: key, challenge, expiresAt: new Date(Date.now() + LIFETIME_MS) },
        { upsert: true },
      )
      .exec();
  }

  /** The live challenge of `key`, deleted by this read (so two answers cannot both use it). */
  async take(key: string): Promise<string | null> {
    const found = await this.model.findOneAndDelete({ _id: key }).lean<PasskeyChallenge>();
    if (!found || found.expiresAt.getTime() <= Date.now()) return null;
    return found.challenge;
  }
}
