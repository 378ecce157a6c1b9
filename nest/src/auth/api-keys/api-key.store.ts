import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { API_KEY_MODEL, type ApiKeyRecord } from './api-key.schema';

/** lastUsedAt is written at most this often per key: a key's use is not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The stored API keys: found by the key's hash on every use, listed and revoked by owners. */
@Injectable()
export class ApiKeyStore {
  constructor(@InjectModel(API_KEY_MODEL) private readonly keys: Model<ApiKeyRecord>) {}

  async add(record: ApiKeyRecord): Promise<void> {
    await this.keys.create(record);
  }

  /** The key whose hash is `hash` (revoked or expired ones too: the guard says which). */
  findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.keys.findById(hash).lean<ApiKeyRecord>().exec();
  }

  /** Every key not revoked, newest first (a handful: read whole). */
  async list(): Promise<ApiKeyRecord[]> {
    const all = await this.keys.find({ revokedAt: null }).lean<ApiKeyRecord[]>().exec();
    return all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Revokes the key shown as `id`: its record, or null when no key not yet revoked has it. */
  revoke(id: string, at = new Date()): Promise<ApiKeyRecord | null> {
    return this.keys
      .findOneAndUpdate({ id, revokedAt: null }, { $set: { revokedAt: at } }, { new: true })
      .lean<ApiKeyRecord>()
      .exec();
  }

  /** Marks the key used, at most about once a minute (by `_id`: the cheap write). */
  async touch(record: ApiKeyRecord, now = new Date()): Promise<void> {
    if (record.lastUsedAt && now.getTime() - record.lastUsedAt.getTime() < TOUCH_INTERVAL_MS)
      return;
    await this.keys.updateOne({ _id: record._id }, { $set: { lastUsedAt: now } }).exec();
  }
}
