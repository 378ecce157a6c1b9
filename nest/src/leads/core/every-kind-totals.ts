import { sharingReads } from '../../common/shared-reads';
import { LEAD_KIND_KEYS, type LeadKindKey } from '../../contract';

import { type LeadKinds } from './lead-kinds';
import { type TotalsSnapshot } from './list-view/lead-totals';

/**
 * Every kind's kept totals, in one read of them all (the kinds share it: `sharingReads`); a kind
 * that has none yet is counted first, as its own list would.
 */
export async function everyKindTotals(
  kinds: LeadKinds,
): Promise<Record<LeadKindKey, TotalsSnapshot>> {
  const read = await sharingReads(() =>
    Promise.all(LEAD_KIND_KEYS.map((key) => kinds.of(key).lists.totals())),
  );
  return Object.fromEntries(LEAD_KIND_KEYS.map((key, i) => [key, read[i]])) as Record<
    LeadKindKey,
    TotalsSnapshot
  >;
}
