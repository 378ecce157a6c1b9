import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, type Types, trusted } from 'mongoose';

import { type CursorValue } from '../common/keyset-cursor';

import { AUDIT_MODEL, type AuditRecord } from './audit.schema';

/** The audit log's database calls: entries written one by one, read newest first. */
@Injectable()
export class AuditRepository {
  constructor(@InjectModel(AUDIT_MODEL) private readonly entries: Model<AuditRecord>) {}

  async insert(entry: Omit<AuditRecord, '_id'>): Promise<void> {
    await this.entries.create(entry);
  }

  /**
   * Up to `limit` entries newest first, after a position (`at`, `_id`) when given, of one admin's
   * actions when `by` is given. Served by an index on MongoDB; one read of the log on FerretDB
   * 1.x, as the page of everyone's is.
   */
  newest(limit: number, read: AuditRead = {}): Promise<AuditRecord[]> {
    const { filter, sort } = auditQuery(read);
    return this.entries.find(filter).sort(sort).limit(limit).lean<AuditRecord[]>().exec();
  }
}

export interface AuditRead {
  after?: CursorValue[];
  /** Only the entries of this admin's actions. */
  by?: Types.ObjectId;
}

/** A page's filter and order (the index test reads them). */
export function auditQuery({ after, by }: AuditRead = {}) {
  return {
    filter: { ...(by ? { adminId: by } : {}), ...(after ? afterFilter(after) : {}) },
    sort: { at: -1, _id: -1 } as const,
  };
}

/** After (at, _id) under their descending sort; the redundant `at <=` bounds the index scan. */
function afterFilter([at, id]: CursorValue[]) {
  return {
    at: trusted({ $lte: at }),
    $or: [{ at: trusted({ $lt: at }) }, { at, _id: trusted({ $lt: id }) }],
  };
}
