import { type Collection, type Db, type IndexDescription } from 'mongodb';

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
  if (count <= 0) return;
  const { counts = 'now' } = options;
  const collection = db.collection(kind.collection);
  await withIndexesBuiltAfter(collection, count, async () => {
    for (let seeded = 0; seeded < count;) {
      const leads = Array.from({ length: Math.min(BATCH, count - seeded) }, makeLead);
      await collection.insertMany(leads, { ordered: false });
      if (counts === 'now') await countArrivedEmails(db, kind.key, leads);
      seeded += leads.length;
      options.onBatch?.(seeded);
    }
  });
  if (counts === 'now') {
    // Totals and insights days: counted by the engine, whatever the number of leads.
    await recountLeadTotals(db, [kind]);
  } else {
    await retakeEmailCountsAtStart(db);
    await distrustKeptDays(db, kind.key);
  }
}

/**
 * Runs `insert` (of `count` documents) with the collection's secondary indexes dropped and built
 * again after it, when it at least doubles the collection: an index built over the whole
 * collection costs a fraction of keeping it through each insert (on FerretDB 2 with DocumentDB,
 * 1,000 leads took 4.6 s into the leads' 18 indexes and 0.08 s into none; 50,000 then took 3.8 s
 * to insert and 23 s to index). The same indexes, options and names come back, even if `insert`
 * fails.
 */
async function withIndexesBuiltAfter(
  collection: Collection,
  count: number,
  insert: () => Promise<void>,
): Promise<void> {
  const held = await collection.estimatedDocumentCount();
  if (count < held) return insert();
  const secondary = await secondaryIndexes(collection);
  if (secondary.length === 0) return insert();
  await collection.dropIndexes();
  try {
    await insert();
  } finally {
    await collection.createIndexes(secondary);
  }
}

/** A collection's indexes but `_id`'s, as createIndexes takes them back; none if it is new. */
async function secondaryIndexes(collection: Collection): Promise<IndexDescription[]> {
  const listed = await collection.indexes().catch((error: unknown) => {
    // A collection not created yet has no index to keep.
    if ((error as { codeName?: string }).codeName === 'NamespaceNotFound') return [];
    throw error;
  });
  return listed
    .filter((index) => index.name !== '_id_')
    .map(({ v: _version, ns: _namespace, ...index }) => index as IndexDescription);
}
