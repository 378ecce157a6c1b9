import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { ExpiredDocuments } from '../../database/expired-documents';

import { USED_PROOF_MODEL, type UsedProof } from './used-proof.schema';

const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * The solved challenges intakes have taken, one document each, so a solution counts once across
 * every API process; each goes once its challenge has expired (refused anyway by then).
 */
@Injectable()
export class UsedProofs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly expired: ExpiredDocuments<UsedProof>;

  constructor(
    @InjectModel(USED_PROOF_MODEL) private readonly used: Model<UsedProof>,
    private readonly config: AppConfig,
  ) {
    this.expired = new ExpiredDocuments(
      used,
      'expiresAt',
      SWEEP_INTERVAL_MS,
      new Logger('IntakeProof'),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.expired.start(this.config.database.autoIndex);
  }

  onApplicationShutdown(): void {
    this.expired.stop();
  }

  /** Records a challenge (by its hash) as used; false if an intake of any process had already. */
  async firstUse(challengeHash: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.used.create({ _id: challengeHash, expiresAt });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === 11000) return false;
      throw error;
    }
  }
}
