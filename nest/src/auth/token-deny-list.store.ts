import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../config/app-config';
import { ExpiringStore } from '../database/expiring.store';

import { REVOKED_TOKEN_MODEL, type RevokedToken } from './schemas/revoked-token.schema';

/** How often expired entries are removed where the server has no TTL index (FerretDB). */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Tokens signed out before they expire. An entry is needed only until its token expires, so the
 * collection holds at most the sessions signed out within one JWT_TTL: a TTL index removes expired
 * entries on MongoDB, and an hourly sweep does on servers without TTL indexes.
 */
@Injectable()
export class TokenDenyList extends ExpiringStore<RevokedToken> {
  constructor(@InjectModel(REVOKED_TOKEN_MODEL) revoked: Model<RevokedToken>, config: AppConfig) {
    super(revoked, config, SWEEP_INTERVAL_MS);
  }

  async revoke(jti: string, adminId: string, expiresAt: Date): Promise<void> {
    // An upsert: signing out twice with one token is not an error.
    await this.model
      .updateOne({ _id: jti }, { $setOnInsert: { adminId, expiresAt } }, { upsert: true })
      .exec();
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.model.exists({ _id: jti }).exec()) !== null;
  }
}
