import { earliestArrivalNotOverdueMs } from '../../../calendar/business-time';
import { type DueClock } from '../lead-record';

import { type LeadListSource } from './lead-list-source';
import { totalsOfOwners, type TotalsSnapshot } from './lead-totals';

/**
 * The overdue part of the leads that wait on us past `new` (they wrote after our reply, issue 33):
 * when each began to wait, read once per version of the kept totals (any change of the kind's
 * leads bumps it), then only compared with the clock as time passes, so no request counts.
 */
export class WaitingOverdue {
  private kept?: { version: number; reading: Promise<{ at: number; owner: string }[]> };

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
    if (this.kept?.version !== version) {
      const reading = this.source
        .waitingSince()
        .then((times) => times.map(({ at: start, owner }) => ({ at: start.getTime(), owner })));
      this.kept = { version, reading };
      reading.catch(() => {
        if (this.kept?.reading === reading) this.kept = undefined;
      });
    }
    // Waiting since before this: past the target (in business time with a calendar).
    const since = earliestArrivalNotOverdueMs(now.getTime(), targetMinutes * 60_000, calendar);
    return (await this.kept.reading).filter(
      (start) => start.at < since && (!owners || owners.includes(start.owner)),
    ).length;
  }

  forget(): void {
    this.kept = undefined;
  }
}
