import { type Types } from 'mongoose';

import { Coalescer } from '../../../common/coalescer';
import { decodeCursor, encodeCursor } from '../../../common/keyset-cursor';
import {
  type ArchiveResponse,
  type Lead,
  type LeadKind,
  type LeadKindKey,
  type LeadList,
  type LeadPage,
  type LeadListViewName,
  type LeadStage,
  LIST_PAGE,
  RESPONSE_TARGET_DEFAULTS,
} from '../../../contract';
import { SORT_KEYS, type SortValue, sortValues } from '../lead-order';
import { type ListQueryOptions } from '../lead-queries';
import { type DueClock, type LeadRecord, stageOf, toLead } from '../lead-record';

import { KeptArrivals, type LeadFact, type StoredArrival } from './lead-arrivals';
import { type CachedPage, HEAD_SIZE, type LeadChange, LeadListCache } from './lead-list-cache';
import { type KeptTotals, keptTotalsOf, sameTotals } from './lead-totals';
import { type LeadTotalsStore, type TotalsDelta, type TotalsSnapshot } from './lead-totals.store';
import { ListPace, narrowedMatch } from './newest-window';

export interface ListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
  /** Only leads in these stages (a narrowed list, read and answered as a search is). */
  stage?: readonly LeadStage[];
  /** Only one admin's leads (an id), or nobody's (null); narrows as `stage` does. */
  assignee?: Types.ObjectId | null;
  /** `needs-reply`: the active list's `new` leads, oldest first (narrowed, as `stage` is). */
  view?: LeadListViewName;
}

/** Where the view reads leads from: the stored lists as they are now (the kind's repository). */
export interface LeadListSource {
  /** Up to `limit` leads of a list in list order, after a position, narrowed to a search. */
  page(
    state: LeadList,
    limit: number,
    options?: Omit<ListQueryOptions, 'form'>,
  ): Promise<CachedPage>;
  /** When each active `new` lead that arrived at or after `since` arrived. */
  recentNew(since: Date): Promise<Date[]>;
  /** The lists counted (reads every lead: checks only). */
  count(): Promise<KeptTotals>;
  /** What insights read of the leads that arrived in `[from, to)`, or of every lead; no spam. */
  arrivals(from?: Date, to?: Date): Promise<StoredArrival[]>;
  /** The engine's name when it reads a whole collection for any filter but `_id`, else null. */
  wholeCollectionEngine(): Promise<string | null>;
}

/**
 * The active `new` leads within one response target of now, as read at one version of the totals
 * for one target: what the kept `new` total holds that is not overdue yet. Leads only leave it as
 * time passes (so a later moment filters the same read) until the version or the target changes.
 */
interface RecentNew {
  version: number;
  targetMinutes: number;
  arrivals: number[];
}

/** The kept totals' store, as one kind's view uses it. */
export type TotalsKeeper = Pick<LeadTotalsStore, 'read' | 'add' | 'create' | 'correct'>;

/** What a counted check of the kept totals found (see LeadTotalsChecker). */
export type TotalsCheck =
  | { outcome: 'exact' | 'busy' }
  | { outcome: 'differs'; version: number; stored: KeptTotals; counted: KeptTotals };

interface TotalsWrite {
  delta: TotalsDelta;
  changes: LeadChange[];
}

/**
 * One kind's lists as the inbox reads them (decision 0005): totals kept, never counted per
 * request; the lists' heads cached, exact for one version of those totals; every change counted in
 * through one coalescing writer that also brings the heads to the new version; and the counted
 * check and correction of the kept totals. Knows nothing of how leads are stored or changed.
 */
export class LeadListView<K extends LeadKindKey = LeadKindKey> {
  private readonly cache = new LeadListCache();
  private readonly totalsWrites = new Coalescer<TotalsWrite, TotalsSnapshot>((writes) =>
    this.writeTotals(writes),
  );
  private readonly refills = new Map<string, Promise<number | undefined>>();
  private readonly arrivalsKept = new KeptArrivals();
  private readonly pace = new ListPace();
  private recent?: Promise<RecentNew>;
  /** The totals this process wrote last (one write at a time), which its heads were moved to. */
  private newest?: TotalsSnapshot;
  private needsReplyFirst?: { version: number; limit: number; reading: Promise<CachedPage> };

  constructor(
    readonly kind: LeadKind<K>,
    private readonly source: LeadListSource,
    private readonly store: TotalsKeeper,
    /** Told when a change may have left the kept totals behind (the checker then counts soon). */
    private readonly onUncertain: () => void = () => undefined,
    /** The kind's response target and the time now, that due times are read against. */
    readonly clock: () => Promise<DueClock> = () =>
      Promise.resolve({ targetMinutes: RESPONSE_TARGET_DEFAULTS[kind.key], now: new Date() }),
    /** How many other leads share each record's address: read per answer, never cached with a page. */
    readonly otherRequests: (records: readonly LeadRecord[]) => Promise<number[]> = (records) =>
      Promise.resolve(records.map(() => 0)),
  ) {}

  /** Records as the contract's leads, due times and other requests read once for all of them. */
  async leadsOf(records: readonly LeadRecord[]): Promise<Lead<K>[]> {
    const [clock, others] = await Promise.all([this.clock(), this.otherRequests(records)]);
    return records.map((record, i) => toLead(this.kind, record, clock, others[i]));
  }

  // --- reading -------------------------------------------------------------------------------

  /** The kept totals with their version; counted once if the kind has none yet. */
  async totals(): Promise<TotalsSnapshot> {
    return (await this.store.read(this.kind.key)) ?? this.createTotals();
  }

  /** A page of a list. Without a search its total is the kept one; a search is not counted. */
  async list(state: LeadList, options: ListOptions = {}): Promise<LeadPage<K>> {
    const limit = options.limit ?? LIST_PAGE.defaultLimit;
    const after = options.cursor ? decodeCursor(options.cursor, SORT_KEYS[state]) : undefined;
    if (options.view === 'needs-reply') return this.needsReply(state, options, limit, after);
    if (options.q || options.stage?.length || options.assignee !== undefined)
      return this.search(
        state,
        { q: options.q, stages: options.stage, assignee: options.assignee },
        limit,
        after,
      );
    return this.pageAt(state, await this.totals(), limit, after);
  }

  /**
   * What insights count of the leads that arrived in `[from, to)` (spam left out) at the totals'
   * version `at`. An indexed engine reads the range; one that reads whole collections anyway
   * keeps every arrival, read once and brought up to date by each change (decision 0018), so
   * the answer then may hold leads outside the range: the caller counts by day.
   */
  async arrivals(at: TotalsSnapshot, from: Date, to: Date): Promise<LeadFact[]> {
    if (!(await this.source.wholeCollectionEngine())) return this.source.arrivals(from, to);
    return this.arrivalsKept.at(at.version, () => this.source.arrivals());
  }

  /** Reads the kept arrivals ahead of the first insights call, where an engine keeps them. */
  async keepArrivals(): Promise<void> {
    if (!(await this.source.wholeCollectionEngine())) return;
    const at = await this.totals();
    await this.arrivalsKept.at(at.version, () => this.source.arrivals());
  }

  /**
   * Active `new` leads past the kind's response target: the kept `new` total less those that
   * arrived within one target of now. Those are read once per version of the totals and target
   * (an index range on MongoDB, at most one target's worth of arrivals) and then only filtered as
   * time passes, so no request counts (decision 0015).
   */
  async overdue(at: TotalsSnapshot): Promise<number> {
    // Nothing new: nothing overdue, and nothing to read.
    if (at.new === 0) return 0;
    const { targetMinutes, now } = await this.clock();
    let recent = await this.recent;
    if (!recent || recent.version !== at.version || recent.targetMinutes !== targetMinutes) {
      const since = new Date(now.getTime() - targetMinutes * 60_000);
      // Labelled with the version read before the query, as a list head is (decision 0005).
      const reading = this.recentNew(at.version, since).then((arrivals) => ({
        version: at.version,
        targetMinutes,
        arrivals: arrivals.map((date) => date.getTime()),
      }));
      this.recent = reading;
      try {
        recent = await reading;
      } catch (error) {
        if (this.recent === reading) this.recent = undefined;
        throw error;
      }
    }
    const since = now.getTime() - targetMinutes * 60_000;
    const waiting = recent.arrivals.filter((arrival) => arrival >= since).length;
    return Math.max(0, at.new - waiting);
  }

  /**
   * When the active `new` leads since `since` arrived. The active list's cached head (newest
   * first, read for the inbox's first page anyway) holds them all when it reaches back past
   * `since` or is the whole list: then no query runs. Only a window busier than the head (over
   * 200 arrivals within one target) is read from the database.
   */
  private async recentNew(version: number, since: Date): Promise<Date[]> {
    if (!this.cache.head('active', version)) await this.refill('active', version);
    const head = this.cache.head('active', version);
    const last = head?.records[head.records.length - 1];
    if (head && (head.complete || (last && last.createdAt < since)))
      return head.records
        .filter((record) => stageOf(record) === 'new' && record.createdAt >= since)
        .map((record) => record.createdAt);
    return this.source.recentNew(since);
  }

  /** A page of a list as of one version of the totals (from the cache when it holds that version). */
  async pageAt(
    state: LeadList,
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
   * The spec's answer to a change: both first pages and the totals, at one version. With a search,
   * the first pages are the search's (as the panel shows them); the totals stay the whole lists'.
   */
  async answer(at?: TotalsSnapshot, q?: string): Promise<ArchiveResponse<K>> {
    const snapshot = at ? this.atNewest(at) : await this.totals();
    const first = (state: LeadList) =>
      q ? this.search(state, { q }, LIST_PAGE.defaultLimit) : this.pageAt(state, snapshot);
    const [active, archived] = await Promise.all([first('active'), first('archived')]);
    return {
      success: true,
      unarchived: active.data,
      archived: archived.data,
      unarchivedTotal: snapshot.active,
      archivedTotal: snapshot.archived,
      unreadTotal: snapshot.unread,
      spamTotal: snapshot.spam,
      unarchivedNextCursor: active.nextCursor,
      archivedNextCursor: archived.nextCursor,
    };
  }

  /**
   * A change's own version `at`, or the newer one this process has since counted its later changes
   * in to (intake goes on meanwhile): that one holds everything `at` does, and its heads are in
   * memory, while `at`'s were moved on and would be read from the database again.
   */
  private atNewest(at: TotalsSnapshot): TotalsSnapshot {
    return this.newest && this.newest.version > at.version ? this.newest : at;
  }

  // --- following changes ---------------------------------------------------------------------

  /** Counts a stored change in: one totals write for all waiting, then the same on the heads. */
  record(delta: TotalsDelta, changes: LeadChange[]): Promise<TotalsSnapshot> {
    return this.totalsWrites.push({ delta, changes });
  }

  /** A change went otherwise than counted: the heads start over and the totals are checked soon. */
  distrust(): void {
    this.forgetCached();
    this.onUncertain();
  }

  // --- check and correction ------------------------------------------------------------------

  /**
   * Compares the kept totals with a count. A write in flight while counting (stored, not yet
   * counted in) looks like a difference, so this only reports; the checker corrects a difference
   * that stays the same at the same version (see decision 0005).
   */
  async check(): Promise<TotalsCheck> {
    const before = await this.totals();
    const counted = await this.source.count();
    const after = await this.totals();
    if (after.version !== before.version) return { outcome: 'busy' };
    const stored = keptTotalsOf(before);
    if (sameTotals(counted, stored)) return { outcome: 'exact' };
    return { outcome: 'differs', version: before.version, stored, counted };
  }

  /** Writes counted totals if they are still at `version`; the cached heads start over. */
  async correct(version: number, counted: KeptTotals): Promise<boolean> {
    const corrected = await this.store.correct(this.kind.key, version, counted);
    if (corrected) this.forgetCached();
    return corrected;
  }

  // --- inside --------------------------------------------------------------------------------

  /** Nothing read for a version can be trusted any more: heads, the window, needs-reply's page. */
  private forgetCached(): void {
    this.cache.clear();
    this.arrivalsKept.forget();
    this.recent = undefined;
    this.newest = undefined;
    this.needsReplyFirst = undefined;
  }

  private async writeTotals(writes: TotalsWrite[]): Promise<TotalsSnapshot> {
    const delta: Record<string, number> = {};
    for (const write of writes)
      for (const [key, value] of Object.entries(write.delta))
        delta[key] = (delta[key] ?? 0) + (value ?? 0);
    try {
      const written = await this.store.add(this.kind.key, delta);
      if (!written) {
        // No totals yet: the count that creates them already includes these changes.
        this.forgetCached();
        return await this.createTotals();
      }
      const changes = writes.flatMap((w) => w.changes);
      this.cache.apply(written.version - 1, written.version, changes);
      this.arrivalsKept.apply(written.version - 1, written.version, changes);
      this.newest = written;
      return written;
    } catch (error) {
      // The leads changed but the version did not: nothing cached can be trusted now.
      this.forgetCached();
      throw error;
    }
  }

  private async createTotals(): Promise<TotalsSnapshot> {
    return this.store.create(this.kind.key, await this.source.count());
  }

  /** A list narrowed (to a search, stages, an owner): read, never cached, and not counted. */
  private async search(
    state: LeadList,
    narrowed: Omit<ListQueryOptions, 'form' | 'after' | 'since'>,
    limit: number,
    after?: SortValue[],
  ): Promise<LeadPage<K>> {
    return this.page(state, await this.read(state, limit, { after, ...narrowed }), null);
  }

  /**
   * Every read of a list from the database. Newest first on an indexed engine, the list's newest
   * window is read first (decision 0021) unless the head says a narrowing is too rare to fill it:
   * a full page from the window is the list's page, since every lead outside it sorts after them
   * all; otherwise few leads match and the whole list is read.
   */
  private async read(
    state: LeadList,
    limit: number,
    options: Omit<ListQueryOptions, 'form' | 'since'> = {},
  ): Promise<CachedPage> {
    const matches = narrowedMatch(options);
    const since = options.oldestFirst
      ? undefined
      : this.pace.windowStart(state, options.after, matches && { matches, needed: limit + 1 });
    if (since && !(await this.source.wholeCollectionEngine())) {
      const newest = await this.source.page(state, limit, { ...options, since });
      if (newest.hasMore) return newest;
    }
    return this.source.page(state, limit, options);
  }

  /**
   * The needs-reply view: the active list's `new` leads, oldest first, narrowed further as asked.
   * The archive holds none (they are not active), nor does a list narrowed to other stages.
   */
  private async needsReply(
    state: LeadList,
    { q, stage, assignee }: ListOptions,
    limit: number,
    after?: SortValue[],
  ): Promise<LeadPage<K>> {
    if (state !== 'active' || (stage?.length && !stage.includes('new')))
      return { data: [], nextCursor: null, total: null };
    const narrowed = { q, stages: ['new'] as LeadStage[], assignee, oldestFirst: true };
    if (q || assignee !== undefined || after) return this.search(state, narrowed, limit, after);
    // The view's first page, as every admin opens it: kept for one version of the totals, as a
    // list's head is (any change of the kind's leads bumps it), so it is read once per change.
    const at = await this.totals();
    let first = this.needsReplyFirst;
    if (!first || first.version !== at.version || first.limit !== limit) {
      const reading = this.source.page(state, limit, narrowed);
      first = this.needsReplyFirst = { version: at.version, limit, reading };
      reading.catch(() => {
        if (this.needsReplyFirst?.reading === reading) this.needsReplyFirst = undefined;
      });
    }
    return this.page(state, await first.reading, null);
  }

  private async readPage(
    state: LeadList,
    version: number,
    limit: number,
    after?: SortValue[],
  ): Promise<CachedPage> {
    // Pages deep in a list are read as asked; only a list's head is worth keeping.
    if (after) return this.read(state, limit, { after });
    // The head as read and caught up with this process's changes since: as new as a read now.
    const reached = await this.refill(state, version);
    return (
      this.cache.page(state, reached ?? version, limit) ??
      // Another change moved the head on meanwhile: answer this request from the database.
      this.read(state, limit)
    );
  }

  /**
   * Reads a list's head into the cache; concurrent readers of the same version share one read.
   * Answers the version the head was caught up to (undefined if a newer head was kept instead).
   */
  private refill(state: LeadList, version: number): Promise<number | undefined> {
    const key = `${state}:${version}`;
    // A read of the list under way that this process's changes since have kept up to `version`
    // serves it too: while writes go on, the list is read once, not once per version asked.
    const underWay = this.cache.readingUpTo(state, version);
    let pending = this.refills.get(key) ?? this.refills.get(`${state}:${underWay}`);
    if (!pending) {
      this.cache.begin(state, version);
      pending = this.read(state, HEAD_SIZE)
        .then(
          ({ records, hasMore }) => {
            this.pace.learn(state, records, !hasMore);
            return this.cache.fill(state, version, records, !hasMore);
          },
          (error: unknown) => {
            this.cache.abandon(state, version);
            throw error;
          },
        )
        .finally(() => this.refills.delete(key));
      this.refills.set(key, pending);
    }
    return pending;
  }

  private async page(
    state: LeadList,
    { records, hasMore }: CachedPage,
    total: number | null,
  ): Promise<LeadPage<K>> {
    const last = records[records.length - 1];
    return {
      data: await this.leadsOf(records),
      nextCursor: hasMore && last ? encodeCursor(sortValues(state, last)) : null,
      total,
    };
  }
}
