import { randomBytes } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type AnyBulkWriteOperation, type Db } from 'mongodb';
import { type FilterQuery, type Model, Schema, trusted } from 'mongoose';

import { type LeadKindDescriptor, type LeadKindKey } from '../../../contract';
import { IdLookups } from '../../../database/id-lookups';
import { type LeadFact } from '../list-view/lead-arrivals';
import { EVERY_ARRIVAL, notSpam } from '../repository/lead-queries.repository';

import { type DayChange, type KeptDay, KeptDaysCount, partsOfDayId } from './kept-day';

export const KEPT_DAYS_MODEL = 'LeadInsightDay';
export const KEPT_DAYS_COLLECTION = 'lead_insight_days';
export const KEPT_STAMPS_MODEL = 'LeadInsightStamps';
export const KEPT_STAMPS_COLLECTION = 'lead_insight_stamps';

/**
 * Per kind: a token per UTC day, new with each change of that day's document (written after it),
 * so a reader holding a day knows from this one small document whether to read it again; and
 * whether the days were counted whole once (`built`): until then they hold only the changes since
 * the first start, and insights count the leads.
 */
export interface KeptStamps {
  _id: LeadKindKey;
  days: Record<string, string>;
  built: boolean;
  /** Moves on with every count that replaced the days, and every change of `built`. */
  generation?: number;
  /** When a count last found the days right or replaced them (by any process or tool). */
  checkedAt?: Date;
}

export type EveryKindStamps = Partial<Record<LeadKindKey, KeptStamps>>;

export const KeptDaySchema = new Schema<KeptDay>(
  {
    _id: { type: String },
    kind: { type: String, required: true },
    day: { type: String, required: true },
    o: { type: Schema.Types.Mixed },
    x: { type: Schema.Types.Mixed },
  },
  { collection: KEPT_DAYS_COLLECTION, versionKey: false, minimize: false },
);

export const KeptStampsSchema = new Schema<KeptStamps>(
  {
    _id: { type: String },
    days: { type: Schema.Types.Mixed },
    built: { type: Boolean },
    generation: { type: Number },
    checkedAt: { type: Date },
  },
  { collection: KEPT_STAMPS_COLLECTION, versionKey: false, minimize: false },
);

const token = () => randomBytes(6).toString('base64url');

/** A kind's day ids sort between these: the `_id` index serves "every day of a kind". */
const kindRange = (kind: LeadKindKey) => ({ $gte: `${kind}:`, $lt: `${kind};` });

/** The `$inc` writes of some changed days, each creating its day as it first counts in it. */
function incrementsOf(changes: ReadonlyMap<string, DayChange>): AnyBulkWriteOperation<KeptDay>[] {
  return [...changes].map(([id, change]) => ({
    updateOne: {
      filter: { _id: id },
      update: { $inc: change, $setOnInsert: partsOfDayId(id) },
      upsert: true,
    },
  }));
}

/**
 * Replaces a kind's kept days by a count of its leads: the days counted, and none other; then
 * every day's token, and `built`. Used by the check (in the API) and by tools that write leads
 * straight to the database (seeding), so both keep the same figures.
 */
export async function replaceKeptDays(
  db: Db,
  kind: LeadKindKey,
  counted: ReadonlyMap<string, KeptDay>,
  /** Whether insights may answer from them at once (a tool, with no API writing meanwhile). */
  built: boolean,
): Promise<void> {
  const days = db.collection<KeptDay>(KEPT_DAYS_COLLECTION);
  const stored = await days.find({ _id: kindRange(kind) }, { projection: { _id: 1 } }).toArray();
  const gone = stored.map((doc) => doc._id).filter((id) => !counted.has(id));
  const writes: AnyBulkWriteOperation<KeptDay>[] = [
    ...[...counted.values()].map((doc) => ({
      replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true },
    })),
    ...gone.map((id) => ({ deleteOne: { filter: { _id: id } } })),
  ];
  for (let i = 0; i < writes.length; i += 500)
    await days.bulkWrite(writes.slice(i, i + 500), { ordered: false });
  const tokens = Object.fromEntries([...counted.values()].map((doc) => [doc.day, token()]));
  await db
    .collection<KeptStamps>(KEPT_STAMPS_COLLECTION)
    .updateOne(
      { _id: kind },
      { $set: { days: tokens, built, checkedAt: new Date() }, $inc: { generation: 1 } },
      { upsert: true },
    );
}

/**
 * For writers outside the API that leave the count to the API's start-up check (a bulk seed):
 * until that check has counted the kind's days whole, insights count the leads.
 */
export async function distrustKeptDays(
  db: Pick<Db, 'collection'>,
  kind: LeadKindKey,
): Promise<void> {
  await db
    .collection<KeptStamps>(KEPT_STAMPS_COLLECTION)
    .updateOne({ _id: kind }, { $set: { built: false }, $inc: { generation: 1 } });
}

/**
 * Counts a kind's kept days again from its leads, for writers outside the API (the seeder, tests
 * that put leads straight into the database), as recountLeadTotals does the totals. Business
 * times are left out (the calendar is the API's): with a calendar, the API counts them again at
 * the first insights call, and answers from the leads until then.
 */
export async function recountKeptDays(db: Db, kind: LeadKindDescriptor): Promise<void> {
  const count = new KeptDaysCount(kind.key, null);
  const leads = db
    .collection<LeadFact & { spamAt?: Date | null }>(kind.collection)
    .find(EVERY_ARRIVAL.filter, { projection: EVERY_ARRIVAL.projection, batchSize: 2_000 });
  for await (const fact of notSpam(leads)) count.add(fact);
  await replaceKeptDays(db, kind.key, count.days, true);
}

/**
 * The kept figures of insights per kind and UTC day (issue 36): added to with each change of a
 * lead, read by day. `_id` is `kind:YYYY-MM-DD`, so a kind's days are one `_id` range.
 */
@Injectable()
export class KeptDaysStore {
  constructor(
    @InjectModel(KEPT_DAYS_MODEL) private readonly days: Model<KeptDay>,
    @InjectModel(KEPT_STAMPS_MODEL) private readonly stamps: Model<KeptStamps>,
    private readonly lookups: IdLookups,
  ) {}

  /** Adds a change to its days (one `$inc` each, atomic per day), then renews their tokens. */
  async add(kind: LeadKindKey, changes: ReadonlyMap<string, DayChange>): Promise<void> {
    if (changes.size === 0) return;
    // Mongoose's driver and the tools' differ in version: the operations are plain documents.
    await this.days.collection.bulkWrite(incrementsOf(changes) as never[], { ordered: false });
    const renewed = [...changes.keys()].map((id) => [`days.${partsOfDayId(id).day}`, token()]);
    await this.stamps
      .updateOne({ _id: kind }, { $set: Object.fromEntries(renewed) }, { upsert: true })
      .exec();
  }

  /** Every kind's stamps (four small documents). */
  async allStamps(): Promise<EveryKindStamps> {
    const docs = await this.stamps.find().lean<KeptStamps[]>().exec();
    return Object.fromEntries(docs.map((doc) => [doc._id, doc]));
  }

  /** Days by id; without their slots (`x`) unless asked, which only a range's ends need. */
  read(ids: readonly string[], withSlots: boolean): Promise<KeptDay[]> {
    return this.lookups.find(this.days, ids, withSlots ? undefined : { x: 0 });
  }

  /** Every kept day of a kind (the check compares them with a count). */
  readKind(kind: LeadKindKey): Promise<KeptDay[]> {
    const filter = { _id: trusted(kindRange(kind)) } as FilterQuery<KeptDay>;
    return this.days.find(filter).lean<KeptDay[]>().exec();
  }

  /** Notes that a count found a kind's days right: other processes need not count it again soon. */
  async checked(kind: LeadKindKey): Promise<void> {
    await this.stamps.updateOne({ _id: kind }, { $set: { checkedAt: new Date() } }).exec();
  }

  /** Says a kind's days may have missed a change: insights count its leads until a check. */
  async distrust(kind: LeadKindKey): Promise<void> {
    await this.stamps
      .updateOne({ _id: kind }, { $set: { built: false }, $inc: { generation: 1 } })
      .exec();
  }

  /** Says a kind's days, replaced by a count, hold every lead: insights answer from them. */
  async trust(kind: LeadKindKey): Promise<void> {
    await this.stamps
      .updateOne({ _id: kind }, { $set: { built: true }, $inc: { generation: 1 } })
      .exec();
  }

  /** The database the days are in, for a correction (replaceKeptDays). */
  get db(): Db {
    return this.days.db.db as unknown as Db;
  }
}
