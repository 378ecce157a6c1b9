import { earliestArrivalNotOverdueMs } from '../../../calendar/business-time';
import { type DueClock } from '../lead-record';

import { KeptTimes, timesById } from './kept-times';
import { type LeadChange } from './lead-list-cache';
import { type LeadListSource } from './lead-list-source';
import { countedIn, totalsOfOwners, type TotalsSnapshot } from './lead-totals';

/**
 * The overdue part of the leads that wait on us past `new` (they wrote after our reply, issue 33):
 * when each began to wait, read once, then moved on with the changes this process counts in
 * (KeptTimes; read again after another process's change) and only compared with the clock as
 * time passes, so no request counts.
 */
export class WaitingOverdue {
  private readonly starts = new KeptTimes();

  constructor(private readonly source: Pick<LeadListSource, 'waitingSince'>) {}

  /**
   * How many of the waiting leads at the totals' version `at` have waited past the target; of
   * these owners' only (kept totals' keys), when given.
   */
  async count(
    at: TotalsSnapshot,
    { targetMinutes, calendar, now }: DueClock,
    owners?: readonly string[],
  ): Promise<number> {
    const { version } = at;
    const waiting = owners ? totalsOfOwners(at.owners, owners).waiting : at.waiting;
    // None waits: nothing overdue, and nothing to read.
    if (waiting === 0) return 0;
    const starts = await this.starts.at(version, async () =>
      timesById(await this.source.waitingSince()),
    );
    // Waiting since before this: past the target (in business time with a calendar).
    const since = earliestArrivalNotOverdueMs(now.getTime(), targetMinutes * 60_000, calendar);
    let overdue = 0;
    for (const start of starts.values())
      if (start.at < since && (!owners || owners.includes(start.owner))) overdue += 1;
    return overdue;
  }

  /** Brings the kept waits to the next version with this process's changes. */
  apply(from: number, to: number, changes: readonly LeadChange[]): void {
    this.starts.apply(from, to, changes, (record) =>
      countedIn(record).waiting === 1 && record.awaitingReplySince
        ? record.awaitingReplySince.getTime()
        : null,
    );
  }

  forget(): void {
    this.starts.forget();
  }
}
