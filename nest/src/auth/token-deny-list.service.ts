import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { AppConfig } from '../config/app-config';

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
  private readonly logger = new Logger('TokenDenyList');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    @InjectModel(REVOKED_TOKEN_MODEL) private readonly revoked: Model<RevokedToken>,
    private readonly config: AppConfig,
  ) {}

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
  async sweep(now = new Date()): Promise<number> {
    const result = await this.revoked.deleteMany({ expiresAt: trusted({ $lte: now }) }).exec();
    return result.deletedCount;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.database.autoIndex) await this.ensureTtlIndex();
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'could not sweep expired revoked tokens'),
      );
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  // `npm run db:indexes` starts the app with auto-index on, so it builds this index too.
  private async ensureTtlIndex(): Promise<void> {
    try {
      await this.revoked.collection.createIndex(
        { expiresAt: 1 },
        { expireAfterSeconds: 0, name: 'expiresAt_ttl' },
      );
    } catch (error) {
      // FerretDB 1.x: 'Index option "expireAfterSeconds" is not implemented yet'. The sweep covers it.
      this.logger.log(
        `no TTL index for revoked tokens (${(error as Error).message}); swept hourly instead`,
      );
    }
  }
}
