import { type ArrivalStore } from '../leads/core/lead-events';
import { type LeadRecord } from '../leads/core/lead-record';

/**
 * A lead the intake is about to store, handed to its kind's next round: the round decides its
 * owner and stores it (decision 0043). `stored` is set once, when the round has called `store`;
 * `gaveUp` once the intake stopped waiting and stores the lead itself. A round stores only an
 * intake that has not given up, and the intake gives up only on one not stored: both checks are
 * synchronous with the change they guard, so the lead is inserted once.
 */
export interface Intake {
  store: ArrivalStore;
  stored?: Promise<LeadRecord>;
  gaveUp?: boolean;
}

/**
 * Hands an intake's insert over. `handed` settles with the insert's outcome as soon as the round
 * calls it (not when the round ends: the lead is stored then, and what follows is the rule's own
 * bookkeeping), or with undefined once the intake gives up: after `waitMs`, or when the round
 * ended without storing it (`giveUp`). The caller then stores the lead itself.
 */
export function handOver(
  store: ArrivalStore,
  waitMs: number,
): { intake: Intake; handed: Promise<LeadRecord | undefined>; giveUp: () => void } {
  let settle!: (stored: Promise<LeadRecord> | undefined) => void;
  const settled = new Promise<LeadRecord | undefined>((resolve) => (settle = resolve));
  const intake: Intake = {
    store: (owner) => {
      const inserted = store(owner);
      settle(inserted);
      return inserted;
    },
  };
  const giveUp = () => {
    if (!intake.stored) intake.gaveUp = true;
    settle(undefined);
  };
  const timer = setTimeout(giveUp, waitMs);
  return { intake, handed: settled.finally(() => clearTimeout(timer)), giveUp };
}
