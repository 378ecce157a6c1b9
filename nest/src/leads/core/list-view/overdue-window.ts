import { earliestArrivalNotOverdueMs } from '../../../calendar/business-time';
import { type BusinessHours } from '../../../contract';
import { type DueClock, stageOf } from '../lead-record';
import { ownerKeyOf } from '../lead-scope';

import { type LeadListSource, type OwnedTime } from './lead-list-source';
import { totalsOfOwners, type TotalsSnapshot } from './lead-totals';
import { type ListReads } from './list-reads';

/**
 * The active `new` leads within one response target of now (in business time with a calendar),
 * as read at one version of the totals for one target and calendar: what the kept `new` total
 * holds that is not overdue yet. Leads only leave it as time passes (the earliest arrival not
 * overdue never moves back, so a later moment filters the same read) until the version, the
 * target or the calendar changes.
 */
interface RecentNew {
  version: number;
  targetMinutes: number;
  /** The calendar object read against (the settings hand out one object per calendar). */
  calendar: BusinessHours | null;
  arrivals: { at: number; owner: string }[];
}

/**
 * Active `new` leads past the kind's response target: the kept `new` total less those that
 * arrived within one target of now (`earliestArrivalNotOverdueMs`: in business time with a
 * calendar). Those are read once per version of the totals, target and calendar (an index range
 * on MongoDB, at most one target's worth of arrivals) and then only filtered as time passes, so
 * no request counts (decision 0015).
 */
export class OverdueWindow {
  private recent?: Promise<RecentNew>;

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
    let recent = await this.recent;
    if (
      !recent ||
      recent.version !== at.version ||
      recent.targetMinutes !== targetMinutes ||
      recent.calendar !== calendar
    ) {
      // Labelled with the version read before the query, as a list head is (decision 0005).
      const reading = this.recentNew(at.version, new Date(since)).then((arrivals) => ({
        version: at.version,
        targetMinutes,
        calendar,
        arrivals: arrivals.map(({ at: arrived, owner }) => ({ at: arrived.getTime(), owner })),
      }));
      this.recent = reading;
      try {
        recent = await reading;
      } catch (error) {
        if (this.recent === reading) this.recent = undefined;
        throw error;
      }
    }
    const waiting = recent.arrivals.filter(
      (arrival) => arrival.at >= since && (!owners || owners.includes(arrival.owner)),
    ).length;
    return Math.max(0, newTotal - waiting);
  }

  forget(): void {
    this.recent = undefined;
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
        .map((record) => ({ at: record.createdAt, owner: ownerKeyOf(record) }));
    return this.source.recentNew(since);
  }
}
