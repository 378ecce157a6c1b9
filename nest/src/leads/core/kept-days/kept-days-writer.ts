import { Logger } from '@nestjs/common';

import { Coalescer } from '../../../common/coalescer';
import { type LeadKindKey } from '../../../contract';
import { type DueClock, type LeadRecord } from '../lead-record';
import { factOf } from '../list-view/lead-arrivals';

import { type DayChange, keptChange, sumOfChanges } from './kept-day';
import { type KeptDaysStore } from './kept-days.store';

/**
 * Counts one kind's changes into its kept days, with the change itself (before its totals'
 * version moves, so a check that saw no version move saw no change in flight). A change is
 * stored before it is counted: a failure here never fails it. The days are then marked as not to
 * be answered from, and checked soon; insights count the leads meanwhile.
 */
export class KeptDaysWriter {
  private readonly logger: Logger;
  /** Changes that arrive while a write is under way go in the next one, summed (one per round). */
  private readonly writes = new Coalescer<Map<string, DayChange>, void>((changes) =>
    this.store.add(this.kind, sumOfChanges(changes)),
  );

  constructor(
    private readonly kind: LeadKindKey,
    private readonly store: Pick<KeptDaysStore, 'add' | 'distrust'>,
    /** The calendar now: business times are kept under it. */
    private readonly clock: () => Promise<Pick<DueClock, 'calendar'>>,
    /** Told when the days missed a change (the check then counts them soon). */
    private readonly onMissed: () => void,
  ) {
    this.logger = new Logger(`KeptDays:${kind}`);
  }

  /** Counts leads going from `before` to `after` (each, as stored; a lead gone is in before only). */
  async record(before: readonly LeadRecord[], after: readonly LeadRecord[]): Promise<void> {
    try {
      const { calendar } = await this.clock();
      const change = keptChange(this.kind, before.map(factOf), after.map(factOf), calendar);
      if (change.size > 0) await this.writes.push(change);
    } catch (error) {
      this.logger.warn({ err: error }, 'insights days not updated; they are counted again soon');
      await this.missed();
    }
  }

  /** A change went otherwise than counted (another process came between): count again. */
  async missed(): Promise<void> {
    await this.store.distrust(this.kind).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not mark the insights days for a count');
    });
    this.onMissed();
  }
}
