import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { sharedRead } from '../../../common/shared-reads';
import { LEAD_STAGES, type LeadKindKey } from '../../../contract';
import { isDuplicateKey } from '../../../database/duplicate-key';

import {
  type CountedTotals,
  keptTotalsOf,
  ownerTotalsFrom,
  type TotalsDelta,
  type TotalsSnapshot,
} from './lead-totals';

type TotalsDocument = TotalsSnapshot & {
  _id: LeadKindKey;
  updatedAt: Date;
};

export const LEAD_TOTALS_MODEL = 'LeadTotals';
export const LEAD_TOTALS_COLLECTION = 'lead_totals';
/** What a `sharingReads` shares every kind's totals by. */
const SHARED_TOTALS = 'lead-totals';

/** One small document per kind: read by `_id` on every list request, so it costs next to nothing. */
export const LeadTotalsSchema = new Schema<TotalsDocument>(
  {
    _id: { type: String, required: true },
    active: { type: Number, required: true, min: 0 },
    archived: { type: Number, required: true, min: 0 },
    unread: { type: Number, required: true, min: 0 },
    // Leads held as spam. A document kept before spam has none: read as 0 until the totals check
    // counts and corrects it (at start-up), as a stage total is.
    spam: { type: Number, min: 0 },
    // Active leads per stage. A document kept before stages has none: read as 0 until the totals
    // check counts them and corrects it (at start-up).
    ...Object.fromEntries(LEAD_STAGES.map((stage) => [stage, { type: Number, min: 0 }])),
    // Active leads past `new` waiting on us (issue 33): read as 0 until counted, as a stage is.
    waiting: { type: Number, min: 0 },
    // Of those that wait on us, the ones put off by a follow-up (issue 32): read as 0 until counted.
    snoozed: { type: Number, min: 0 },
    // The same totals per owner, by admin id (UNASSIGNED_KEY: nobody's), for admins who see only
    // theirs (issue 34). Kept by the same `$inc` as the rest (dotted paths); a document kept
    // before owners has none: read as empty until the totals check counts it (at start-up).
    owners: { type: Schema.Types.Mixed },
    version: { type: Number, required: true, min: 0 },
  },
  {
    collection: LEAD_TOTALS_COLLECTION,
    versionKey: false,
    timestamps: { createdAt: false, updatedAt: true },
    strict: 'throw',
  },
);

const snapshotOf = (doc: TotalsDocument): TotalsSnapshot => ({
  ...keptTotalsOf(doc),
  owners: ownerTotalsFrom(doc.owners),
  version: doc.version,
});

/**
 * The kept totals of every kind (decision 0005). Plain reads and writes: when to write, and what
 * to do when a document is missing, is the list view's business (LeadListView).
 */
@Injectable()
export class LeadTotalsStore {
  constructor(@InjectModel(LEAD_TOTALS_MODEL) private readonly model: Model<TotalsDocument>) {}

  /** A kind's totals; inside `sharingReads`, every kind's in one read shared by the others. */
  async read(kind: LeadKindKey): Promise<TotalsSnapshot | null> {
    const all = sharedRead(SHARED_TOTALS, () => this.readAll());
    if (all) return (await all)[kind] ?? null;
    const doc = await this.model.findById(kind).lean<TotalsDocument>().exec();
    return doc ? snapshotOf(doc) : null;
  }

  async readAll(): Promise<Partial<Record<LeadKindKey, TotalsSnapshot>>> {
    const docs = await this.model.find().lean<TotalsDocument[]>().exec();
    return Object.fromEntries(docs.map((doc) => [doc._id, snapshotOf(doc)]));
  }

  /** Adds to the totals and bumps the version by one; null when the kind has no document yet. */
  async add(kind: LeadKindKey, delta: TotalsDelta): Promise<TotalsSnapshot | null> {
    const doc = await this.model
      .findByIdAndUpdate(kind, { $inc: { ...delta, version: 1 } }, { new: true })
      .lean<TotalsDocument>()
      .exec();
    return doc ? snapshotOf(doc) : null;
  }

  /** Creates the kind's document from a count, unless one exists (then that one is answered). */
  async create(kind: LeadKindKey, totals: CountedTotals): Promise<TotalsSnapshot> {
    try {
      await this.model
        .updateOne(
          { _id: kind },
          { $setOnInsert: { ...totals, version: 0 } },
          { upsert: true, timestamps: false },
        )
        .exec();
    } catch (error) {
      // Two upserts of one new _id race (the checker at start and the first write): the loser's
      // insert fails on the _id index, and the winner's document is the one to read.
      if (!isDuplicateKey(error)) throw error;
    }
    return (await this.read(kind)) ?? { ...totals, version: 0 };
  }

  /** Replaces counted totals if nothing changed them since `version`; bumps the version. */
  async correct(kind: LeadKindKey, version: number, totals: CountedTotals): Promise<boolean> {
    const result = await this.model
      .updateOne({ _id: kind, version }, { $set: { ...totals, version: version + 1 } })
      .exec();
    return result.modifiedCount === 1;
  }
}
