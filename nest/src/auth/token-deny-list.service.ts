import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../config/app-config';
import { ExpiredDocuments } from '../database/expired-documents';

import { REVOKED_TOKEN_MODEL, type RevokedToken } from './schemas/revoked-token.schema';

/** How often expired entries are removed where the server has no TTL index (FerretDB). */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Tokens signed out before they expire. An entry is needed only until its token expires, so the
 * collection holds at most the sessions signed out within one JWT_TTL: a TTL index removes expired
 * entries on MongoDB, and an hourly sweep does on servers without TTL indexes.
 */
@Injectable()
export class TokenDenyList implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly expired: ExpiredDocuments<RevokedToken>;

  constructor(
    @InjectModel(REVOKED_TOKEN_MODEL) private readonly revoked: Model<RevokedToken>,
    private readonly config: AppConfig,
  ) {
    this.expired = new ExpiredDocuments(
      revoked,
      'expiresAt',
      SWEEP_INTERVAL_MS,
      new Logger('TokenDenyList'),
    );
  }

  async revoke(jti: string, adminId: string, expiresAt: Date): Promise<void> {
    // An upsert: signing out twice with one token is not an error.
    await this.revoked
      .updateOne({ _id: jti }, { $setOnInsert: { adminId, expiresAt } }, { upsert: true })
      .exec();
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.revoked.exists({ _id: jti }).exec()) !== null;
  }

  /** Removes entries whose token has expired (it is refused for that alone). */
  sweep(now = new Date()): Promise<number> {
    return this.expired.sweep(now);
  }

  // `npm run db:indexes` starts the app with auto-index on, so it builds the TTL index too.
  onApplicationBootstrap(): Promise<void> {
    return this.expired.start(this.config.database.autoIndex);
  }

  onApplicationShutdown(): void {
    this.expired.stop();
  }
}
