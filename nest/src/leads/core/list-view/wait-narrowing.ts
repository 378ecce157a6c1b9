import { earliestArrivalNotOverdueMs } from '../../../calendar/business-time';
import { type LeadList } from '../../../contract';
import { type DueClock } from '../lead-record';

import { type ListOptions } from './lead-list-source';
import { type Narrowing } from './list-reads';

/** How a list is narrowed to the leads that wait on us, and which way it runs. */
export type WaitNarrowing = Pick<Narrowing, 'oldestFirst' | 'waiting' | 'overdueBefore'>;

/**
 * The order and the wait a list's options ask for (the queue's `oldest`, `needsReply` and
 * `overdue`), with the overdue bound worked out from the kind's clock now: a lead is overdue when
 * its wait began before it (dueOf(), in business time with a calendar). Only what is asked is set,
 * so `{}` means the list as it is; undefined, a list that holds none of what is asked.
 */
export async function waitNarrowing(
  state: LeadList,
  { oldestFirst, waiting, overdue, view }: ListOptions,
  clock: () => Promise<DueClock>,
): Promise<WaitNarrowing | undefined> {
  // Only the active list holds leads that wait on us: the others hold none of them.
  if ((waiting || overdue || view === 'needs-reply') && state !== 'active') return undefined;
  const narrowing: WaitNarrowing = {};
  if (oldestFirst) narrowing.oldestFirst = true;
  if (waiting) narrowing.waiting = true;
  if (overdue) {
    const { now, targetMinutes, calendar } = await clock();
    const before = earliestArrivalNotOverdueMs(now.getTime(), targetMinutes * 60_000, calendar);
    narrowing.overdueBefore = new Date(before);
  }
  return narrowing;
}
