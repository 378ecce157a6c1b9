import { type FilterQuery } from 'mongoose';

import { LEAD_STAGES, type LeadKindDescriptor, type LeadStageTotals } from '../../../contract';
import { type LeadRecord } from '../lead-record';
import { type KeptTotals, type OwnerTotals, ownerTotalsOf } from '../list-view/lead-totals';
import { LEAD_TOTALS_COLLECTION } from '../list-view/lead-totals.store';

import {
  COUNTED_FIELDS,
  stageCountFilter,
  stateFilter,
  unreadFilter,
  snoozedCountFilter,
  waitingCountFilter,
} from './lead-queries.repository';

/**
 * Counts what the kept totals stand for, each total by its own query through `count` (the kind's
 * model in the API, a driver's collection for a recount). Reads every lead: checks and recounts
 * only, never a request.
 */
export async function countKeptTotals(
  count: (filter: FilterQuery<LeadRecord>) => Promise<number>,
): Promise<KeptTotals> {
  const [active, archived, spam, unread, waiting, snoozed, ...stages] = await Promise.all([
    count(stateFilter('active')),
    count(stateFilter('archived')),
    count(stateFilter('spam')),
    count(unreadFilter),
    count(waitingCountFilter),
    count(snoozedCountFilter),
    ...LEAD_STAGES.map((stage) => count(stageCountFilter(stage))),
  ]);
  const perStage = Object.fromEntries(LEAD_STAGES.map((stage, i) => [stage, stages[i] ?? 0]));
  return { active, archived, unread, spam, waiting, snoozed, ...(perStage as LeadStageTotals) };
}

/** The little of a driver's collection the owners' count needs (a driver's or Mongoose's). */
interface FindableLeads {
  find(filter: object, options: { projection: object }): { toArray(): Promise<unknown[]> };
}

/**
 * Each owner's kept totals, counted in code from one read of the fields they count by (no
 * personal data): one query however many admins there are. Checks and recounts only.
 */
export async function countOwnerTotals(leads: FindableLeads): Promise<OwnerTotals> {
  const records = await leads.find({}, { projection: COUNTED_FIELDS }).toArray();
  return ownerTotalsOf(records as LeadRecord[]);
}

/** The little of a driver's Db this needs (the seeder's driver and Mongoose's differ in version). */
interface DirectDb {
  collection(name: string): {
    countDocuments(filter: object): Promise<number>;
    find(filter: object, options: { projection: object }): { toArray(): Promise<unknown[]> };
    updateOne(filter: object, update: object, options: { upsert: boolean }): Promise<unknown>;
  };
}

/**
 * For writers outside the API (the seeder, tests that put leads straight into the database): after
 * changing leads directly, counts the kinds' lists as the API does and keeps them as their totals,
 * bumping their versions, so every API process drops what it cached. Not safe while an API process
 * writes the same kinds.
 */
export async function recountLeadTotals(
  db: DirectDb,
  kinds: readonly LeadKindDescriptor[],
): Promise<void> {
  for (const kind of kinds) {
    const totals = await countLeadTotals(db, kind);
    const owners = await countOwnerTotals(db.collection(kind.collection));
    await db
      .collection(LEAD_TOTALS_COLLECTION)
      .updateOne(
        { _id: kind.key },
        { $set: { ...totals, owners, updatedAt: new Date() }, $inc: { version: 1 } },
        { upsert: true },
      );
  }
}

/** A kind's kept totals counted through a plain driver (the growth bench checks the kept ones so). */
export function countLeadTotals(db: DirectDb, kind: LeadKindDescriptor): Promise<KeptTotals> {
  const leads = db.collection(kind.collection);
  // A plain driver takes no Mongoose `trusted()` mark: the filters' plain forms.
  return countKeptTotals((filter) => leads.countDocuments(plain(filter)));
}

/** A filter without Mongoose's marks (a JSON round trip drops the symbol `trusted()` sets). */
const plain = (filter: object): object => JSON.parse(JSON.stringify(filter)) as object;
