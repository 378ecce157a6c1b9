import { earliestArrivalNotOverdueMs } from '../../../calendar/business-time';
import { type BusinessHours } from '../../../contract';
import { type DueClock, stageOf } from '../lead-record';
import { ownerKeyOf } from '../lead-scope';

import { KeptTimes, timesById } from './kept-times';
import { type LeadChange } from './lead-list-cache';
import { type LeadListSource, type OwnedTime } from './lead-list-source';
import { countedIn, totalsOfOwners, type TotalsSnapshot } from './lead-totals';
import { type ListReads } from './list-reads';

/**
 * What the active `new` leads within one response target of now (in business time with a
 * calendar) were read for: one target and calendar. Leads only leave the window as time passes
 * (the earliest arrival not overdue never moves back, so a later moment filters the same read).
 */
interface RecentNew {
  targetMinutes: number;
  /** The calendar object read against (the settings hand out one object per calendar). */
  calendar: BusinessHours | null;
  /** The earliest arrival read: a lead arriving before it is overdue already. */
  since: number;
}

/**
 * Active `new` leads past the kind's response target: the kept `new` total less those that
 * arrived within one target of now (`earliestArrivalNotOverdueMs`: in business time with a
 * calendar). Those are read once (an index range on MongoDB, at most one target's worth of
 * arrivals), then moved on with the changes this process counts in and filtered as time passes,
 * so no request counts (decision 0015); read again after another process's change, or for a new
 * target or calendar.
 */
export class OverdueWindow {
  /** What the kept arrivals were read for; they are kept per version (KeptTimes). */
  private read?: RecentNew;
  private readonly arrivals = new KeptTimes();

  constructor(
    private readonly reads: Pick<ListReads, 'head'>,
    private readonly source: Pick<LeadListSource, 'recentNew'>,
  ) {}

  /** Overdue `new` leads at `at`; of these owners' only (kept totals' keys), when given. */
  async count(
    at: TotalsSnapshot,
    { targetMinutes, calendar = null, now }: DueClock,
    owners?: readonly string[],
  ): Promise<number> {
    const newTotal = owners ? totalsOfOwners(at.owners, owners).new : at.new;
    // None new: nothing overdue, and nothing to read.
    if (newTotal === 0) return 0;
    const since = earliestArrivalNotOverdueMs(now.getTime(), targetMinutes * 60_000, calendar);
    const read = this.read;
    if (!read || read.targetMinutes !== targetMinutes || read.calendar !== calendar) {
      this.arrivals.forget();
      this.read = { targetMinutes, calendar, since };
    }
    const window = this.read as RecentNew;
    const arrivals = await this.arrivals.at(at.version, async () => {
      window.since = since;
      return timesById(await this.recentNew(at.version, new Date(since)));
    });
    // Overdue now is overdue for good (`since` never moves back): what arrived before it goes.
    window.since = Math.max(window.since, since);
    let waiting = 0;
    for (const [id, arrival] of arrivals)
      if (arrival.at < since) arrivals.delete(id);
      else if (!owners || owners.includes(arrival.owner)) waiting += 1;
    return Math.max(0, newTotal - waiting);
  }

  /** Brings the kept arrivals to the next version with this process's changes. */
  apply(from: number, to: number, changes: readonly LeadChange[]): void {
    const since = this.read?.since ?? Infinity;
    this.arrivals.apply(from, to, changes, (record) =>
      countedIn(record).new === 1 && record.createdAt.getTime() >= since
        ? record.createdAt.getTime()
        : null,
    );
  }

  forget(): void {
    this.arrivals.forget();
    this.read = undefined;
  }

  /**
   * When the active `new` leads since `since` arrived. The active list's cached head (newest
   * first, read for the inbox's first page anyway) holds them all when it reaches back past
   * `since` or is the whole list: then no query runs. Only a window busier than the head (over
   * 200 arrivals within one target) is read from the database.
   */
  private async recentNew(version: number, since: Date): Promise<OwnedTime[]> {
    const head = await this.reads.head('active', version);
    const last = head?.records[head.records.length - 1];
    if (head && (head.complete || (last && last.createdAt < since)))
      return head.records
        .filter((record) => stageOf(record) === 'new' && record.createdAt >= since)
        .map((record) => ({
          id: record._id.toHexString(),
          at: record.createdAt,
          owner: ownerKeyOf(record),
        }));
    return this.source.recentNew(since);
  }
}
