import { emailKey } from '../../contract';

import { type LeadRecord } from './lead-record';

/** What the lead repositories tell the counts: leads of these keys arrived (+) or went (-). */
export interface EmailCountsKeeper {
  change(deltas: ReadonlyMap<string, number>): Promise<void>;
}

/** The email keys of some leads, with how many of them each has. */
export function keyDeltas(records: readonly Pick<LeadRecord, 'email'>[], sign: 1 | -1) {
  const deltas = new Map<string, number>();
  for (const { email } of records) {
    const key = emailKey(email);
    deltas.set(key, (deltas.get(key) ?? 0) + sign);
  }
  return deltas;
}
