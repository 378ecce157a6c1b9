import { type Readable } from 'node:stream';

import { HttpStatus } from '@nestjs/common';
import { type FilterQuery, type Model, trusted, Types } from 'mongoose';

import { ApiError } from '../../common/api-error';
import {
  type ArchiveResponse,
  type Lead,
  type LeadKindDescriptor,
  leadFields,
  type LeadListState,
  LIST_PAGE,
} from '../../contract';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { afterCursorFilter, decodeCursor, encodeCursor, type SortKey } from './lead-cursor';

/** A stored lead as read with lean(): the shared paths plus the kind's own string fields. */
export interface LeadRecord {
  _id: Types.ObjectId;
  name: string;
  email: string;
  phone_number: string;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  [field: string]: unknown;
}

export interface LeadPage {
  data: Lead[];
  nextCursor: string | null;
  total: number;
}

export interface ListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
}

const SORT_KEYS: Record<LeadListState, readonly SortKey[]> = {
  active: ['createdAt', '_id'],
  archived: ['archivedAt', 'createdAt', '_id'],
};

/** Everything a lead inbox does, for any kind; the kind only names its collection and text field. */
export class LeadService {
  private readonly fields: readonly string[];

  constructor(
    private readonly model: Model<LeadRecord>,
    private readonly kind: LeadKindDescriptor,
    private readonly notifier: LeadNotifier,
  ) {
    this.fields = leadFields(kind);
  }

  async list(state: LeadListState, options: ListOptions = {}): Promise<LeadPage> {
    const limit = options.limit ?? LIST_PAGE.defaultLimit;
    const keys = SORT_KEYS[state];
    const filter = this.filterFor(state, options.q);
    const page = options.cursor
      ? { $and: [filter, afterCursorFilter(keys, decodeCursor(options.cursor, keys))] }
      : filter;
    const sort = Object.fromEntries(keys.map((k) => [k, -1 as const]));
    const [records, total] = await Promise.all([
      this.model
        .find(page)
        .sort(sort)
        .limit(limit + 1)
        .lean<LeadRecord[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    const hasMore = records.length > limit;
    const shown = hasMore ? records.slice(0, limit) : records;
    const last = shown[shown.length - 1];
    return {
      data: shown.map((r) => this.toLead(r)),
      nextCursor:
        hasMore && last ? encodeCursor(keys.map((k) => last[k] as Date | Types.ObjectId)) : null,
      total,
    };
  }

  /**
   * Every lead of a list, in list order, as a stream of records: the CSV export reads the database
   * in batches and never holds the whole list in memory.
   */
  exportRecords(
    state: LeadListState,
    q?: string,
  ): { columns: readonly string[]; records: Readable } {
    const sort = Object.fromEntries(SORT_KEYS[state].map((k) => [k, -1 as const]));
    const records = this.model
      .find(this.filterFor(state, q))
      .sort(sort)
      .lean()
      .cursor({ batchSize: 1000 });
    return { columns: ['_id', 'createdAt', 'archivedAt', ...this.fields], records };
  }

  /** Moves a lead into the archive; archiving an archived lead changes nothing. */
  archive(id: string): Promise<ArchiveResponse> {
    return this.move(id, 'archived');
  }

  unarchive(id: string): Promise<ArchiveResponse> {
    return this.move(id, 'active');
  }

  /**
   * Public intake. Resolves with the new id once the database has acknowledged the write, so a 201
   * is never sent for a lead that isn't stored. A filled honeypot gets the same answer and is dropped.
   */
  async submit(fields: Record<string, string | undefined> & { website?: string }): Promise<string> {
    if (fields.website) return new Types.ObjectId().toHexString();
    const [created] = await this.model.create([{ ...pick(fields, this.fields), archivedAt: null }]);
    if (!created) throw new Error('insert returned no document');
    const id = String(created._id);
    await this.notifier.leadCreated(this.kind, id);
    return id;
  }

  /** Both first pages and totals: what the inbox shows after a move. */
  async snapshot(): Promise<ArchiveResponse> {
    const [active, archived] = await Promise.all([this.list('active'), this.list('archived')]);
    return {
      success: true,
      unarchived: active.data,
      archived: archived.data,
      unarchivedTotal: active.total,
      archivedTotal: archived.total,
      unarchivedNextCursor: active.nextCursor,
      archivedNextCursor: archived.nextCursor,
    };
  }

  private async move(id: string, to: LeadListState): Promise<ArchiveResponse> {
    const _id = new Types.ObjectId(id);
    // One conditional update: only a lead in the other state moves, so concurrent archive and
    // unarchive calls serialise on the document and a lead is always in exactly one list.
    const result = await this.model
      .updateOne(
        { _id, ...this.stateFilter(to === 'archived' ? 'active' : 'archived') },
        { $set: { archivedAt: to === 'archived' ? new Date() : null } },
      )
      .exec();
    if (result.matchedCount === 0 && !(await this.model.exists({ _id }).exec())) {
      throw new ApiError(HttpStatus.NOT_FOUND, `No ${this.kind.logName} request with id ${id}`);
    }
    return this.snapshot();
  }

  private stateFilter(state: LeadListState): FilterQuery<LeadRecord> {
    return state === 'active' ? { archivedAt: null } : { archivedAt: trusted({ $ne: null }) };
  }

  private filterFor(state: LeadListState, q: string | undefined): FilterQuery<LeadRecord> {
    const base = this.stateFilter(state);
    if (!q) return base;
    // Escaped: the admin's text is matched literally, never as a pattern (no regex injection).
    const pattern = trusted({ $regex: escapeRegex(q), $options: 'i' });
    return { ...base, $or: ['name', 'email', this.kind.textField].map((f) => ({ [f]: pattern })) };
  }

  private toLead(record: LeadRecord): Lead {
    return {
      _id: record._id.toHexString(),
      ...Object.fromEntries(
        this.fields.map((f) => [f, typeof record[f] === 'string' ? record[f] : '']),
      ),
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      archivedAt: record.archivedAt ? record.archivedAt.toISOString() : null,
    } as Lead;
  }
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pick(
  source: Record<string, string | undefined>,
  keys: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k] as string]),
  );
}
