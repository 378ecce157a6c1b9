import { type Db } from 'mongodb';
import { type FilterQuery } from 'mongoose';

import { LEAD_STAGES, type LeadKindDescriptor, type LeadStageTotals } from '../../../contract';
import { recountKeptDays } from '../kept-days/kept-days.store';
import { type LeadRecord } from '../lead-record';
import {
  type CountedTotals,
  countInOwnerTotals,
  type KeptTotals,
  type OwnerTotals,
  totalsOfOwners,
} from '../list-view/lead-totals';
import { LEAD_TOTALS_COLLECTION } from '../list-view/lead-totals.store';

import {
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

/** The little of a driver's collection the count needs (a driver's or Mongoose's). */
interface GroupableLeads {
  aggregate(pipeline: object[]): AsyncIterable<unknown>;
}

/** Whether a counted date is set, as `$type` names it (a field never written is "missing"). */
type CountedType = string;

/** One group of leads alike in everything the kept totals count them by. */
interface CountedGroup {
  _id: {
    // Absent where the field is: engines differ (MongoDB and DocumentDB give null, FerretDB 1.x
    // leaves the key out).
    owner?: unknown;
    stage?: string | null;
    archivedAt: CountedType;
    spamAt: CountedType;
    readAt: CountedType;
    awaitingReplySince: CountedType;
    followUpAt: CountedType;
  };
  leads: number;
}

const typeOf = (field: keyof LeadRecord) => ({ $type: `$${field}` });

/**
 * The leads grouped by what `countedIn` reads of them: the owner, the stage, and whether each date
 * is set. The engine groups them itself, so the count is one query whose answer is a few dozen
 * groups (owners x states), however many leads there are.
 */
const COUNTED_GROUPS = [
  {
    $group: {
      _id: {
        owner: '$assigneeId',
        stage: '$stage',
        archivedAt: typeOf('archivedAt'),
        spamAt: typeOf('spamAt'),
        readAt: typeOf('readAt'),
        awaitingReplySince: typeOf('awaitingReplySince'),
        followUpAt: typeOf('followUpAt'),
      },
      leads: { $sum: 1 },
    },
  },
];

/** A lead that stands for its group: its owner and stage, and each date set or not as theirs. */
function leadOfGroup(key: CountedGroup['_id']): LeadRecord {
  const date = (type: CountedType) =>
    type === 'missing' ? undefined : type === 'null' ? null : new Date(0);
  return {
    assigneeId: key.owner ?? null,
    stage: key.stage ?? null,
    archivedAt: date(key.archivedAt),
    spamAt: date(key.spamAt),
    readAt: date(key.readAt),
    awaitingReplySince: date(key.awaitingReplySince),
    followUpAt: date(key.followUpAt),
  } as unknown as LeadRecord;
}

/**
 * Counts what the kept totals stand for: each owner's totals, and the kind's as their sum, by
 * `countedIn` (what every change's delta is made of) over the engine's groups of the leads. No
 * lead and no personal data leaves the database (decision 0045). Checks and recounts only.
 */
export async function countCountedTotals(leads: GroupableLeads): Promise<CountedTotals> {
  const owners: OwnerTotals = {};
  for await (const group of leads.aggregate(COUNTED_GROUPS)) {
    const { _id: key, leads: count } = group as CountedGroup;
    countInOwnerTotals(owners, leadOfGroup(key), count);
  }
  return { ...totalsOfOwners(owners, Object.keys(owners)), owners };
}

/** The little of a driver's Db this needs (the seeder's driver and Mongoose's differ in version). */
interface DirectDb {
  collection(name: string): {
    countDocuments(filter: object): Promise<number>;
    aggregate(pipeline: object[]): AsyncIterable<unknown>;
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
    const counted = await countCountedTotals(db.collection(kind.collection));
    await db
      .collection(LEAD_TOTALS_COLLECTION)
      .updateOne(
        { _id: kind.key },
        { $set: { ...counted, updatedAt: new Date() }, $inc: { version: 1 } },
        { upsert: true },
      );
    await recountKeptDays(db as unknown as Db, kind);
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
