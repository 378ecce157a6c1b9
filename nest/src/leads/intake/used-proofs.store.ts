import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { isDuplicateKey } from '../../database/duplicate-key';
import { ExpiringStore } from '../../database/expiring.store';

import { USED_PROOF_MODEL, type UsedProof } from './used-proof.schema';

const SWEEP_INTERVAL_MS = 10 * 60_000;

/** The intake's solved challenges taken so far, each until it expires: one use per challenge. */
@Injectable()
export class UsedProofs extends ExpiringStore<UsedProof> {
  constructor(@InjectModel(USED_PROOF_MODEL) used: Model<UsedProof>, config: AppConfig) {
    super(used, config, SWEEP_INTERVAL_MS);
  }

  /**
   * Records the challenge of `signature` as used until `expiresAt`; false if an intake (of any
   * process) had already done so: the first insert of its hash wins.
   */
  async firstUse(signature: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.model.create({
        _id: createHash('sha256').update(signature).digest('base64url'),
        expiresAt,
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
