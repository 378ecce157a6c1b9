import { type Db } from 'mongodb';

import { type LeadKindKey } from '../../contract';
import { duplicateKeyRows } from '../../database/duplicate-key';

import { incrementOf, keyDeltas, withChanges } from './lead-email-counts';
import {
  EMAIL_COUNTS_TAKEN,
  EMAIL_COUNTS_VERSION,
  LEAD_EMAIL_COUNTS_COLLECTION,
} from './lead-email-counts.store';
import { type LeadRecord } from './lead-record';

interface CountDoc {
  _id: string;
  count: number;
}

/**
 * For writers outside the API (the seeder): counts leads put straight into the database in their
 * addresses' email counts, as the API would have at their arrival. Nothing to do before the counts
 * were first taken (the next start takes them from every lead). Not while an API process writes.
 */
export async function countArrivedEmails(
  db: Pick<Db, 'collection'>,
  kind: LeadKindKey,
  leads: readonly Pick<LeadRecord, 'email' | 'assigneeId'>[],
): Promise<void> {
  const counts = db.collection<CountDoc>(LEAD_EMAIL_COUNTS_COLLECTION);
  if (!(await counts.findOne({ _id: EMAIL_COUNTS_TAKEN }))) return;
  const deltas = [...keyDeltas(kind, leads, 1)];
  if (deltas.length === 0) return;
  // Created where new, in one unordered insert (FerretDB 1.x checks an `_id` against its index
  // but reads the whole collection for an upsert); the addresses already there are raised.
  let existing: number[] = [];
  try {
    await counts.insertMany(
      deltas.map(([key, places]) => ({ _id: key, ...withChanges({ count: 0 }, places) })),
      { ordered: false },
    );
  } catch (error) {
    const rows = duplicateKeyRows(error, deltas.length);
    if (rows === null) throw error;
    existing = rows;
  }
  if (existing.length > 0)
    await counts.bulkWrite(
      existing.map((row) => {
        const [key, places] = deltas[row] as (typeof deltas)[number];
        return { updateOne: { filter: { _id: key }, update: { $inc: incrementOf(places) } } };
      }),
      { ordered: false },
    );
  // Every API process's copy of the counts is exact for a version: moved on, they read again.
  await counts.updateOne({ _id: EMAIL_COUNTS_VERSION }, { $inc: { count: 1 } });
}

/**
 * For writers outside the API that leave the count to the API's next start (a bulk seed): the
 * counts are marked as never taken, and that start takes them from every lead before it answers.
 */
export async function retakeEmailCountsAtStart(db: Pick<Db, 'collection'>): Promise<void> {
  await db
    .collection<CountDoc>(LEAD_EMAIL_COUNTS_COLLECTION)
    .deleteOne({ _id: EMAIL_COUNTS_TAKEN });
}
