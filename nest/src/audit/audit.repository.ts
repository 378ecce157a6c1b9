import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { type CursorValue } from '../common/keyset-cursor';

import { AUDIT_MODEL, type AuditRecord } from './audit.schema';

/** The audit log's database calls: entries written one by one, read newest first. */
@Injectable()
export class AuditRepository {
  constructor(@InjectModel(AUDIT_MODEL) private readonly entries: Model<AuditRecord>) {}

  async insert(entry: Omit<AuditRecord, '_id'>): Promise<void> {
    await this.entries.create(entry);
  }

  /** Up to `limit` entries newest first, after a position (`at`, `_id`) when given. */
  newest(limit: number, after?: CursorValue[]): Promise<AuditRecord[]> {
    return this.entries
      .find(after ? afterFilter(after) : {})
      .sort({ at: -1, _id: -1 })
      .limit(limit)
      .lean<AuditRecord[]>()
      .exec();
  }
}

/** After (at, _id) under their descending sort; the redundant `at <=` bounds the index scan. */
function afterFilter([at, id]: CursorValue[]) {
  return {
    at: trusted({ $lte: at }),
    $or: [{ at: trusted({ $lt: at }) }, { at, _id: trusted({ $lt: id }) }],
  };
}
