import { type Db } from 'mongodb';

import { type LeadKindDescriptor } from '../../nest/src/contract';
import { distrustKeptDays } from '../../nest/src/leads/core/kept-days/kept-days.store';
import {
  countArrivedEmails,
  retakeEmailCountsAtStart,
} from '../../nest/src/leads/core/lead-email-counts-direct.store';
import { type LeadRecord } from '../../nest/src/leads/core/lead-record';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';

/** Leads per insert: large enough that the round trips don't count, small enough to stay in memory. */
const BATCH = 5_000;

/** A lead document as the API stores it (with its search words in the engine's form). */
export type SeededLead = Pick<LeadRecord, 'email' | 'assigneeId'> & Record<string, unknown>;

export interface BulkSeedOptions {
  /**
   * `now` (the default): every kept figure is made right before it returns (the email counts with
   * each batch; totals, stage counts and insights days recounted at the end). `at-start`: left to
   * the API's start-up checks, which count them before (email counts) or soon after (totals,
   * insights days; insights count the leads until then) it answers.
   */
  counts?: 'now' | 'at-start';
  onBatch?: (seeded: number) => void;
}

/**
 * Puts `count` leads of a kind, each made by `makeLead`, straight into the database in unordered
 * batches. Not while an API process writes the same kind.
 */
export async function seedBulk(
  db: Db,
  kind: LeadKindDescriptor,
  count: number,
  makeLead: () => SeededLead,
  options: BulkSeedOptions = {},
): Promise<void> {
  const { counts = 'now' } = options;
  for (let seeded = 0; seeded < count;) {
    const leads = Array.from({ length: Math.min(BATCH, count - seeded) }, makeLead);
    await db.collection(kind.collection).insertMany(leads, { ordered: false });
    if (counts === 'now') await countArrivedEmails(db, kind.key, leads);
    seeded += leads.length;
    options.onBatch?.(seeded);
  }
  if (counts === 'now') {
    // Totals and insights days: counted by the engine, whatever the number of leads.
    await recountLeadTotals(db, [kind]);
  } else {
    await retakeEmailCountsAtStart(db);
    await distrustKeptDays(db, kind.key);
  }
}
