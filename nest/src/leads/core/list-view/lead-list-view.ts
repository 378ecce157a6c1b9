import { Coalescer } from '../../../common/coalescer';
import { decodeCursor, encodeCursor } from '../../../common/keyset-cursor';
import {
  type ArchiveResponse,
  type Lead,
  type LeadKind,
  type LeadKindKey,
  type LeadList,
  type LeadPage,
  LIST_PAGE,
  RESPONSE_TARGET_DEFAULTS,
} from '../../../contract';
import { SORT_KEYS, type SortValue, sortValues } from '../lead-order';
import { type DueClock, type LeadRecord, toLead } from '../lead-record';
import { currentScope, inScope } from '../lead-scope';

import { changeAnswer } from './change-answer';
import { type LeadFact } from './lead-arrivals';
import { type CachedPage, type LeadChange } from './lead-list-cache';
import { type LeadListSource, type ListOptions } from './lead-list-source';
import {
  type CountedTotals,
  type KeptTotals,
  keptTotalsOf,
  sameCounted,
  sumOfDeltas,
  type TotalsDelta,
  type TotalsCheck,
  type TotalsSnapshot,
  totalsOfOwners,
} from './lead-totals';
import { type LeadTotalsStore } from './lead-totals.store';
import { ListReads, type Narrowing } from './list-reads';
import { OverdueWindow } from './overdue-window';
import { ScopedLists } from './scoped-lists';
import { waitNarrowing, type WaitNarrowing } from './wait-narrowing';
import { WaitingOverdue } from './waiting-overdue';

/** The kept totals' store, as one kind's view uses it. */
export type TotalsKeeper = Pick<LeadTotalsStore, 'read' | 'add' | 'create' | 'correct'>;

interface TotalsWrite {
  delta: TotalsDelta;
  changes: LeadChange[];
}

/**
 * One kind's lists as the inbox reads them (decision 0005): totals kept, never counted per
 * request; the lists' heads cached, exact for one version of those totals (ListReads); every
 * change counted in through one coalescing writer that also brings the heads to the new version;
 * and the counted check and correction of the kept totals. Knows nothing of how leads are stored
 * or changed, nor of the engine: only whether its source reads through indexes.
 */
export class LeadListView<K extends LeadKindKey = LeadKindKey> {
  private readonly reads: ListReads;
  private readonly overdueWindow: OverdueWindow;
  private readonly waits: WaitingOverdue;
  private readonly scoped: ScopedLists<K>;
  /** The totals this process wrote last (one write at a time), which its heads were moved to. */
  private newest?: TotalsSnapshot;
  private readonly totalsWrites = new Coalescer<TotalsWrite, TotalsSnapshot>((writes) =>
    this.writeTotals(writes),
  );

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
  ) {
    this.reads = new ListReads(source);
    this.overdueWindow = new OverdueWindow(this.reads, source);
    this.waits = new WaitingOverdue(source);
    this.scoped = new ScopedLists(this.reads, this.page.bind(this));
  }

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
    const { q, stage: stages, assignee, limit = LIST_PAGE.defaultLimit, cursor } = options;
    const after = cursor ? decodeCursor(cursor, SORT_KEYS[state]) : undefined;
    const waits = await waitNarrowing(state, options, this.clock);
    if (!waits) return { data: [], nextCursor: null, total: null };
    const scope = currentScope(this.kind.key);
    const read = { ...options, limit, after, waits };
    if (scope.see !== 'all') return this.scoped.list(state, scope, await this.totals(), read);
    if (options.view === 'needs-reply') return this.needsReply(state, options, limit, after, waits);
    if (q || stages?.length || assignee !== undefined || Object.keys(waits).length > 0)
      return this.search(state, { q, stages, assignee, ...waits }, limit, after);
    return this.pageAt(state, await this.totals(), limit, after);
  }

  /**
   * What insights count of the leads the viewer sees that arrived in `[from, to)` (no spam): read
   * each time, only where the kept days can't answer (decision 0046), so nothing of it is kept.
   */
  async arrivals(from: Date, to: Date): Promise<LeadFact[]> {
    const scope = currentScope(this.kind.key);
    const facts = await this.source.arrivals(from, to);
    return scope.see === 'all' ? facts : facts.filter((fact) => inScope(scope, fact));
  }

  /** Overdue leads at `at` (`new` or waiting) the viewer sees, or of `only` these owners' keys. */
  async overdue(at: TotalsSnapshot, only?: readonly string[]): Promise<number> {
    const scope = currentScope(this.kind.key);
    const seen = only ? totalsOfOwners(at.owners, only) : this.seen(at);
    // Nothing waits: nothing overdue, and nothing to read.
    if (seen.new === 0 && seen.waiting === 0) return 0;
    const owners = only ?? (scope.see === 'owned' ? scope.owners : undefined);
    const clock = await this.clock();
    const counts = [
      this.overdueWindow.count(at, clock, owners),
      this.waits.count(at, clock, owners),
    ];
    return (await Promise.all(counts)).reduce((sum, n) => sum + n, 0);
  }

  /** The kept totals at `at` of the leads the request's viewer sees. */
  seen(at: TotalsSnapshot): KeptTotals {
    const scope = currentScope(this.kind.key);
    return scope.see === 'all' ? at : this.scoped.totals(scope, at);
  }

  /** A page of a list the request's viewer sees at `at` (from the cache when it holds it). */
  async pageAt(
    state: LeadList,
    at: TotalsSnapshot,
    limit: number = LIST_PAGE.defaultLimit,
    after?: SortValue[],
  ): Promise<LeadPage<K>> {
    const scope = currentScope(this.kind.key);
    if (scope.see !== 'all')
      return this.scoped.page(state, scope, at, { limit, after, narrowed: {} });
    return this.page(state, await this.reads.pageAt(state, at.version, limit, after), at[state]);
  }

  /**
   * The spec's answer to a change: both first pages and the totals, at one version. With a search,
   * the first pages are the search's (as the panel shows them); the totals stay the whole lists'.
   */
  async answer(at?: TotalsSnapshot, q?: string): Promise<ArchiveResponse<K>> {
    // At a change's own version, or the newer one this process has counted its later changes in
    // to since (intake goes on): that one holds all `at` does, and its heads are in memory.
    const kept =
      (at && this.newest && this.newest.version > at.version ? this.newest : at) ??
      (await this.totals());
    const scope = currentScope(this.kind.key);
    const limit = LIST_PAGE.defaultLimit;
    const first = (state: LeadList) =>
      scope.see === 'all' && q
        ? this.search(state, { q }, limit)
        : scope.see === 'all' || !q
          ? this.pageAt(state, kept)
          : this.scoped.page(state, scope, kept, { limit, narrowed: { q } });
    const [active, archived] = await Promise.all([first('active'), first('archived')]);
    return changeAnswer(active, archived, this.seen(kept));
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
    const stored = { ...keptTotalsOf(before), owners: before.owners };
    if (sameCounted(counted, stored)) return { outcome: 'exact' };
    return { outcome: 'differs', version: before.version, stored, counted };
  }

  /** Writes counted totals if they are still at `version`; the cached heads start over. */
  async correct(version: number, counted: CountedTotals): Promise<boolean> {
    const corrected = await this.store.correct(this.kind.key, version, counted);
    if (corrected) this.forgetCached();
    return corrected;
  }

  // --- inside --------------------------------------------------------------------------------

  /** Nothing read for a version can be trusted any more: heads, the window, needs-reply's page. */
  private forgetCached(): void {
    this.reads.forget();
    this.overdueWindow.forget();
    this.waits.forget();
    this.newest = undefined;
  }

  private async writeTotals(writes: TotalsWrite[]): Promise<TotalsSnapshot> {
    const delta = sumOfDeltas(writes.map((write) => write.delta));
    try {
      const written = await this.store.add(this.kind.key, delta);
      if (!written) {
        // No totals yet: the count that creates them already includes these changes.
        this.forgetCached();
        return await this.createTotals();
      }
      const changes = writes.flatMap((w) => w.changes);
      for (const kept of [this.reads, this.overdueWindow, this.waits])
        kept.apply(written.version - 1, written.version, changes);
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
    narrowed: Narrowing,
    limit: number,
    after?: SortValue[],
  ): Promise<LeadPage<K>> {
    return this.page(state, await this.reads.search(state, narrowed, limit, after), null);
  }

  /** Needs-reply (of the active list): leads waiting on us (`new`, or they wrote last), oldest first. */
  private async needsReply(
    state: LeadList,
    { q, stage, assignee }: ListOptions,
    limit: number,
    after?: SortValue[],
    waits: WaitNarrowing = {},
  ): Promise<LeadPage<K>> {
    const narrowed = { q, stages: stage, assignee, ...waits, oldestFirst: true, waiting: true };
    if (q || stage?.length || assignee !== undefined || waits.overdueBefore)
      return this.search(state, narrowed, limit, after);
    const { version } = await this.totals();
    return this.page(state, await this.reads.needsReplyAt(version, limit, narrowed, after), null);
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
