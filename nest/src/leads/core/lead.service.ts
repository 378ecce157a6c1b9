import { type Readable } from 'node:stream';

import { HttpStatus, Logger } from '@nestjs/common';
import { type Model, trusted, Types } from 'mongoose';

import { ApiError } from '../../common/api-error';
import { Coalescer } from '../../common/coalescer';
import { decodeCursor, encodeCursor } from '../../common/keyset-cursor';
import { SerialQueue } from '../../common/serial-queue';
import {
  type ArchiveResponse,
  type CreateLeadRequest,
  emailKey,
  type Lead,
  LEAD_MOVE_TARGET,
  type LeadAction,
  type LeadKind,
  type LeadKindKey,
  leadFields,
  type LeadListState,
  type LeadMove,
  type LeadPage,
  type LeadTotals,
  LIST_PAGE,
} from '../../contract';
import { DatabaseEngine } from '../../database/database-engine';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { type CachedPage, HEAD_SIZE, type LeadChange, LeadListCache } from './lead-list-cache';
import { SORT_KEYS, type SortValue, sortValues } from './lead-order';
import {
  emailFilter,
  idsFilter,
  type LeadQuery,
  listQuery,
  missingEmailKeyFilter,
  stateFilter,
  unreadFilter,
} from './lead-queries';
import { type LeadRecord, toLead } from './lead-record';
import { type TotalsDelta, type TotalsSnapshot, LeadTotalsStore } from './lead-totals.store';

/** More leads than one person leaves: a bound on an access request's answer. */
const PERSON_LEADS_MAX = 1_000;

export interface ListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
}

/** What a counted check of the kept totals found (see LeadTotalsChecker). */
export type TotalsCheck =
  | { outcome: 'exact' | 'busy' }
  | { outcome: 'differs'; version: number; stored: LeadTotals; counted: LeadTotals };

interface TotalsWrite {
  delta: TotalsDelta;
  changes: LeadChange[];
}

/**
 * Everything a lead inbox does, for any kind. Reads cost the least the engine allows: totals are
 * kept (never counted per request) and the lists' heads are served from a cache that is exact for
 * the totals' version; writes bump that version in the order of decision 0005.
 */
export class LeadService<K extends LeadKindKey = LeadKindKey> {
  private readonly logger: Logger;
  private readonly fields: readonly string[];
  private readonly cache = new LeadListCache();
  /** A kind's admin actions, one at a time in this process (decision 0005). */
  private readonly writes = new SerialQueue();
  private readonly totalsWrites = new Coalescer<TotalsWrite, TotalsSnapshot>((writes) =>
    this.writeTotals(writes),
  );
  private readonly refills = new Map<string, Promise<void>>();

  constructor(
    readonly kind: LeadKind<K>,
    private readonly model: Model<LeadRecord>,
    private readonly totalsStore: LeadTotalsStore,
    private readonly notifier: LeadNotifier,
    private readonly engine: DatabaseEngine,
    /** Told when a change may have left the kept totals behind (a failed write after a stored lead). */
    private readonly onTotalsUncertain: (kind: LeadKindKey) => void = () => undefined,
  ) {
    this.logger = new Logger(`Leads:${kind.key}`);
    this.fields = leadFields(kind);
  }

  // --- reading -------------------------------------------------------------------------------

  /** The kept totals with their version; counted once if the kind has none yet. */
  async totals(): Promise<TotalsSnapshot> {
    return (await this.totalsStore.read(this.kind.key)) ?? this.createTotals();
  }

  /** A page of a list. Without a search its total is the kept one; a search is not counted. */
  async list(state: LeadListState, options: ListOptions = {}): Promise<LeadPage<K>> {
    const limit = options.limit ?? LIST_PAGE.defaultLimit;
    const after = options.cursor ? decodeCursor(options.cursor, SORT_KEYS[state]) : undefined;
    if (options.q) {
      const found = await this.query(listQuery(this.kind, state, { after, q: options.q }), limit);
      return this.page(state, found, null);
    }
    return this.pageAt(state, await this.totals(), limit, after);
  }

  /** A page of a list as of one version of the totals (from the cache when it holds that version). */
  async pageAt(
    state: LeadListState,
    at: TotalsSnapshot,
    limit: number = LIST_PAGE.defaultLimit,
    after?: SortValue[],
  ): Promise<LeadPage<K>> {
    const found =
      this.cache.page(state, at.version, limit, after) ??
      (await this.readPage(state, at.version, limit, after));
    return this.page(state, found, at[state]);
  }

  /**
   * The spec's answer to a move: both first pages and both totals, at one version. With a search
   * `q` the first pages are the search's (the totals stay the whole lists').
   */
  async answer(at?: TotalsSnapshot, q?: string): Promise<ArchiveResponse<K>> {
    const snapshot = at ?? (await this.totals());
    const first = (state: LeadListState) =>
      q ? this.list(state, { q }) : this.pageAt(state, snapshot);
    const [active, archived] = await Promise.all([first('active'), first('archived')]);
    return {
      success: true,
      unarchived: active.data,
      archived: archived.data,
      unarchivedTotal: snapshot.active,
      archivedTotal: snapshot.archived,
      unreadTotal: snapshot.unread,
      unarchivedNextCursor: active.nextCursor,
      archivedNextCursor: archived.nextCursor,
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
    const { filter, sort } = listQuery(this.kind, state, { q });
    const records = this.model.find(filter).sort(sort).lean().cursor({ batchSize: 1000 });
    return { columns: ['_id', 'createdAt', 'archivedAt', ...this.fields], records };
  }

  // --- changing ------------------------------------------------------------------------------

  /**
   * Public intake. Resolves with the new id once the database has acknowledged the write, so a 201
   * is never sent for a lead that isn't stored. A filled honeypot gets the same answer and is dropped.
   */
  async submit(body: CreateLeadRequest<K>): Promise<string> {
    if (body.website) return new Types.ObjectId().toHexString();
    const fields = Object.fromEntries(
      this.fields.flatMap((f) => {
        const value: unknown = (body as Record<string, unknown>)[f];
        return typeof value === 'string' ? [[f, value]] : [];
      }),
    );
    const email = typeof fields.email === 'string' ? fields.email : '';
    const [created] = await this.model.create([
      { ...fields, emailKey: emailKey(email), archivedAt: null, readAt: null },
    ]);
    if (!created) throw new Error('insert returned no document');
    const record = created.toObject<LeadRecord>();
    const id = record._id.toHexString();
    // The lead is stored: from here on nothing may turn the answer into a failure (a retry would
    // store it twice). Totals left behind are found and corrected by the totals check.
    await this.recordChange({ active: 1, unread: 1 }, [{ upsert: record }]).catch(
      (error: unknown) => {
        this.logger.warn({ err: error, leadId: id }, 'totals not updated for a new lead');
        this.onTotalsUncertain(this.kind.key);
      },
    );
    await this.notifier.leadCreated(this.kind, id);
    return id;
  }

  /** One lead with every stored field. */
  async findOne(id: string): Promise<Lead<K>> {
    const record = await this.model.findById(id).lean<LeadRecord>().exec();
    if (!record) throw this.notFound(id);
    return toLead(this.kind, record);
  }

  /**
   * Acts on leads and answers as a move does (both first pages, the totals). Acting on a lead
   * already in that state changes nothing; an unknown id fails the whole call (404), as does
   * deleting an active lead (409): nothing is changed then.
   */
  async act(action: LeadAction, ids: readonly string[], q?: string): Promise<ArchiveResponse<K>> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const at = await this.writes.run(() =>
      (action === 'archive' || action === 'unarchive') && unique.length === 1
        ? this.moveOne(action, unique[0] as string)
        : this.actOnMany(action, unique),
    );
    return this.answer(at, q);
  }

  /** The spec's single move: one update that also returns the moved lead. */
  private async moveOne(move: LeadMove, id: string): Promise<TotalsSnapshot | undefined> {
    const to = LEAD_MOVE_TARGET[move];
    const from: LeadListState = to === 'active' ? 'archived' : 'active';
    const _id = new Types.ObjectId(id);
    const set = { $set: { archivedAt: to === 'archived' ? new Date() : null } };
    let record: LeadRecord | null;
    if (await this.engine.wholeCollectionEngine()) {
      // FerretDB 1.x: only a filter of `_id` alone is looked up directly (any other costs a read
      // of the whole collection), and a conditional update isolates nothing there anyway. The
      // kind's write queue, which this runs in, is what keeps a move from racing another.
      const current = await this.model.findOne({ _id }).lean<LeadRecord>().exec();
      if (!current) throw this.notFound(id);
      if ((current.archivedAt === null ? 'active' : 'archived') !== from) return undefined;
      record = await this.model
        .findOneAndUpdate({ _id }, set, { new: true })
        .lean<LeadRecord>()
        .exec();
    } else {
      // One conditional update: atomic, so of two processes moving one lead only one counts it.
      record = await this.model
        .findOneAndUpdate({ _id, ...stateFilter(from) }, set, { new: true })
        .lean<LeadRecord>()
        .exec();
      if (!record && !(await this.model.exists({ _id }).exec())) throw this.notFound(id);
    }
    if (!record) return undefined;
    const unread = record.readAt ? 0 : to === 'active' ? 1 : -1;
    return this.recordChange({ [from]: -1, [to]: 1, unread }, [{ upsert: record }]);
  }

  /** Any action on many leads: read them, change those not yet in the wanted state, count. */
  private async actOnMany(
    action: LeadAction,
    ids: readonly string[],
  ): Promise<TotalsSnapshot | undefined> {
    const found = await this.model
      .find(idsFilter(ids.map((id) => new Types.ObjectId(id))))
      .lean<LeadRecord[]>()
      .exec();
    const missing = ids.find((id) => !found.some((r) => r._id.toHexString() === id));
    if (missing) throw this.notFound(missing);
    const plan = planAction(action, found, new Date());
    if (plan.targets.length === 0) return undefined;
    const targets = idsFilter(plan.targets.map((r) => r._id));
    // The state condition guards against another process on an engine that isolates writes; on
    // FerretDB 1.x it guards nothing and would turn a lookup by id into a whole-collection read.
    const filter = (await this.engine.wholeCollectionEngine())
      ? targets
      : { ...targets, ...plan.condition };
    const result =
      action === 'delete'
        ? await this.model.deleteMany(filter).exec()
        : await this.model.updateMany(filter, { $set: plan.set }, { timestamps: false }).exec();
    const changed = 'deletedCount' in result ? result.deletedCount : result.modifiedCount;
    if (changed !== plan.targets.length) {
      // Another process changed some of these leads between our read and our write: the totals
      // can't be told exactly from here, so they are counted again.
      this.cache.clear();
      this.onTotalsUncertain(this.kind.key);
    }
    return this.recordChange(plan.delta, plan.changes);
  }

  /** Every lead of an email address, newest first (a person's right of access). */
  async findByEmail(email: string): Promise<Lead<K>[]> {
    const records = await this.model
      .find(emailFilter(emailKey(email)))
      .sort({ createdAt: -1, _id: -1 })
      .limit(PERSON_LEADS_MAX)
      .lean<LeadRecord[]>()
      .exec();
    return records.map((record) => toLead(this.kind, record));
  }

  /**
   * Deletes every lead of an email address, active or archived (a person's right to erasure),
   * with their queued notifications. Answers how many were deleted.
   */
  async eraseEmail(email: string): Promise<number> {
    return this.writes.run(async () => {
      const found = await this.model
        .find(emailFilter(emailKey(email)))
        .lean<LeadRecord[]>()
        .exec();
      if (found.length === 0) return 0;
      const ids = found.map((r) => r._id);
      await this.model.deleteMany(idsFilter(ids)).exec();
      const active = found.filter((r) => r.archivedAt === null);
      await this.recordChange(
        {
          active: -active.length,
          archived: -(found.length - active.length),
          unread: -active.filter((r) => !r.readAt).length,
        },
        found.map((r) => ({ remove: r._id.toHexString() })),
      );
      await this.notifier.forget(
        this.kind,
        ids.map((id) => id.toHexString()),
      );
      return found.length;
    });
  }

  /** Gives leads stored before emailKey existed their key (run once at start). */
  async fillEmailKeys(): Promise<number> {
    const missing = await this.model
      .find(missingEmailKeyFilter, { email: 1 })
      .lean<Pick<LeadRecord, '_id' | 'email'>[]>()
      .exec();
    if (missing.length === 0) return 0;
    await this.model.bulkWrite(
      missing.map((r) => ({
        updateOne: {
          filter: { _id: r._id },
          update: { $set: { emailKey: emailKey(r.email) } },
          timestamps: false,
        },
      })),
    );
    return missing.length;
  }

  private notFound(id: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, `No ${this.kind.logName} request with id ${id}`);
  }

  // --- kept totals ---------------------------------------------------------------------------

  /** Counts the lists (what the kept totals stand for). Reads every lead: checks only. */
  async count(): Promise<LeadTotals> {
    const [active, archived, unread] = await Promise.all([
      this.model.countDocuments(stateFilter('active')).exec(),
      this.model.countDocuments(stateFilter('archived')).exec(),
      this.model.countDocuments(unreadFilter).exec(),
    ]);
    return { active, archived, unread };
  }

  /**
   * Compares the kept totals with a count. A write in flight while counting (stored, not yet
   * counted in) looks like a difference, so this only reports; the checker corrects a difference
   * that stays the same at the same version (see decision 0005).
   */
  async checkTotals(): Promise<TotalsCheck> {
    const before = await this.totals();
    const counted = await this.count();
    const after = await this.totals();
    if (after.version !== before.version) return { outcome: 'busy' };
    const stored = { active: before.active, archived: before.archived, unread: before.unread };
    if (sameTotals(counted, stored)) return { outcome: 'exact' };
    return { outcome: 'differs', version: before.version, stored, counted };
  }

  /** Writes counted totals if they are still at `version`; the cached heads start over. */
  async correctTotals(version: number, counted: LeadTotals): Promise<boolean> {
    const corrected = await this.totalsStore.correct(this.kind.key, version, counted);
    if (corrected) this.cache.clear();
    return corrected;
  }

  private recordChange(delta: TotalsDelta, changes: LeadChange[]): Promise<TotalsSnapshot> {
    return this.totalsWrites.push({ delta, changes });
  }

  /** One totals write for every change waiting, then the same changes on the cached heads. */
  private async writeTotals(writes: TotalsWrite[]): Promise<TotalsSnapshot> {
    const delta: Record<string, number> = {};
    for (const write of writes)
      for (const [key, value] of Object.entries(write.delta))
        delta[key] = (delta[key] ?? 0) + (value ?? 0);
    try {
      const written = await this.totalsStore.add(this.kind.key, delta);
      if (!written) {
        // No totals yet: the count that creates them already includes these changes.
        this.cache.clear();
        return await this.createTotals();
      }
      this.cache.apply(
        written.version - 1,
        written.version,
        writes.flatMap((w) => w.changes),
      );
      return written;
    } catch (error) {
      // The leads changed but the version did not: nothing cached can be trusted now.
      this.cache.clear();
      throw error;
    }
  }

  private async createTotals(): Promise<TotalsSnapshot> {
    return this.totalsStore.create(this.kind.key, await this.count());
  }

  // --- queries -------------------------------------------------------------------------------

  private async readPage(
    state: LeadListState,
    version: number,
    limit: number,
    after?: SortValue[],
  ): Promise<CachedPage> {
    // Pages deep in a list are read as asked; only a list's head is worth keeping.
    if (after) return this.query(listQuery(this.kind, state, { after }), limit);
    await this.refill(state, version);
    return (
      this.cache.page(state, version, limit) ??
      // Another change moved the head on meanwhile: answer this request from the database.
      this.query(listQuery(this.kind, state), limit)
    );
  }

  /** Reads a list's head into the cache; concurrent readers of the same version share one read. */
  private refill(state: LeadListState, version: number): Promise<void> {
    const key = `${state}:${version}`;
    let pending = this.refills.get(key);
    if (!pending) {
      pending = this.query(listQuery(this.kind, state), HEAD_SIZE)
        .then(({ records, hasMore }) => this.cache.fill(state, version, records, !hasMore))
        .finally(() => this.refills.delete(key));
      this.refills.set(key, pending);
    }
    return pending;
  }

  private async query({ filter, sort }: LeadQuery, limit: number): Promise<CachedPage> {
    const records = await this.model
      .find(filter)
      .sort(sort)
      .limit(limit + 1)
      .lean<LeadRecord[]>()
      .exec();
    return { records: records.slice(0, limit), hasMore: records.length > limit };
  }

  private page(
    state: LeadListState,
    { records, hasMore }: CachedPage,
    total: number | null,
  ): LeadPage<K> {
    const last = records[records.length - 1];
    return {
      data: records.map((record) => toLead(this.kind, record)),
      nextCursor: hasMore && last ? encodeCursor(sortValues(state, last)) : null,
      total,
    };
  }
}

export const sameTotals = (a: LeadTotals, b: LeadTotals): boolean =>
  a.active === b.active && a.archived === b.archived && a.unread === b.unread;

interface ActionPlan {
  /** The leads the action changes (those not in its state already). */
  targets: LeadRecord[];
  /** Holds while a target is as read (the write changes only those still so). */
  condition: Record<string, unknown>;
  set: Partial<LeadRecord>;
  delta: TotalsDelta;
  changes: LeadChange[];
}

/** What an action does to the leads it names, from their stored state (read just before). */
function planAction(action: LeadAction, found: LeadRecord[], now: Date): ActionPlan {
  const active = (r: LeadRecord) => r.archivedAt === null;
  const unread = (r: LeadRecord) => !r.readAt;
  const count = (records: LeadRecord[], test: (r: LeadRecord) => boolean) =>
    records.filter(test).length;
  const changed = (targets: LeadRecord[], set: Partial<LeadRecord>): LeadChange[] =>
    targets.map((r) => ({ upsert: { ...r, ...set, updatedAt: now } }));
  switch (action) {
    case 'archive':
    case 'unarchive': {
      const to = LEAD_MOVE_TARGET[action];
      const targets = found.filter((r) => active(r) === (to === 'archived'));
      const set = { archivedAt: to === 'archived' ? now : null, updatedAt: now };
      const moved = to === 'archived' ? 1 : -1;
      return {
        targets,
        condition: stateFilter(to === 'archived' ? 'active' : 'archived'),
        set,
        delta: {
          active: -moved * targets.length,
          archived: moved * targets.length,
          unread: -moved * count(targets, unread),
        },
        changes: changed(targets, set),
      };
    }
    case 'read':
    case 'unread': {
      const targets = found.filter((r) => unread(r) === (action === 'read'));
      const set = { readAt: action === 'read' ? now : null, updatedAt: now };
      return {
        targets,
        condition: { readAt: action === 'read' ? null : trusted({ $ne: null }) },
        set,
        delta: { unread: (action === 'read' ? -1 : 1) * count(targets, active) },
        changes: changed(targets, set),
      };
    }
    case 'delete': {
      const live = found.find(active);
      if (live)
        throw new ApiError(
          HttpStatus.CONFLICT,
          `Only archived requests can be deleted; ${live._id.toHexString()} is active. Archive it first.`,
        );
      return {
        targets: found,
        condition: stateFilter('archived'),
        set: {},
        delta: { archived: -found.length },
        changes: found.map((r) => ({ remove: r._id.toHexString() })),
      };
    }
  }
}
