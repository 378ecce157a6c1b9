import { Readable } from 'node:stream';

import { Logger } from '@nestjs/common';
import { type FilterQuery, type Model, Types } from 'mongoose';

import {
  emailKey,
  type LeadKindDescriptor,
  type LeadList,
  LEAD_STAGES,
  type LeadStageTotals,
} from '../../contract';
import { type DatabaseEngine } from '../../database/database-engine';

import { type ActionPlan } from './lead-action-plan';
import { type EmailCountsKeeper, keyDeltas } from './lead-email-counts';
import { sortSpec } from './lead-order';
import {
  ARRIVAL_FIELDS,
  arrivalsFilter,
  assigneeFilter,
  emailFilter,
  idsFilter,
  type LeadQuery,
  listQuery,
  type ListQueryOptions,
  missingEmailKeyFilter,
  missingWordsFilter,
  recentNewFilter,
  stageCountFilter,
  stateFilter,
  unreadFilter,
} from './lead-queries';
import { type LeadRecord } from './lead-record';
import {
  leadWords,
  searchedFields,
  storedWords,
  WORDS_FIELD,
  type WordsForm,
  wordsFormOf,
} from './lead-words';
import { type StoredArrival } from './list-view/lead-arrivals';
import { type CachedPage } from './list-view/lead-list-cache';
import { type LeadListSource } from './list-view/lead-list-view';
import { type KeptTotals } from './list-view/lead-totals';

const logger = new Logger('Leads');
let hintFailureLogged = false;

/**
 * Every database call on one kind's leads, and the one place that minds the engine: what it
 * answers is what is stored, and each write answers what it changed. The queries themselves are
 * built in lead-queries.ts (where the index test reads them).
 */
export class LeadRepository implements LeadListSource {
  constructor(
    private readonly kind: LeadKindDescriptor,
    private readonly model: Model<LeadRecord>,
    private readonly engine: DatabaseEngine,
    /** Told of every lead that arrives or goes, by address (otherRequests). */
    private readonly counts: EmailCountsKeeper = { change: () => Promise.resolve() },
  ) {}

  // --- reading -------------------------------------------------------------------------------

  findById(id: string): Promise<LeadRecord | null> {
    return this.model.findById(id).lean<LeadRecord>().exec();
  }

  /**
   * The leads of these ids that exist (ids as 24-hex text). FerretDB 1.x reads the whole collection
   * for `$in`: there each is looked up by `_id` (an action names at most LEAD_IDS_MAX).
   */
  async findByIds(ids: readonly string[]): Promise<LeadRecord[]> {
    const objectIds = ids.map((id) => new Types.ObjectId(id));
    if (objectIds.length > 1 && (await this.wholeCollectionEngine())) {
      const found = await Promise.all(objectIds.map((id) => this.findById(id.toHexString())));
      return found.filter((record): record is LeadRecord => record !== null);
    }
    return this.model.find(idsFilter(objectIds)).lean<LeadRecord[]>().exec();
  }

  async page(
    state: LeadList,
    limit: number,
    options: Omit<ListQueryOptions, 'form'> = {},
  ): Promise<CachedPage> {
    const query = listQuery(state, { ...options, form: await this.wordsForm() });
    // A list's newest window from its start goes through the list's order alone on DocumentDB
    // (decision 0021): its planner would pick a list index and pass over every lead's `spamAt:
    // null` term. Not after a cursor: the keyset's $or then turns into bitmap scans that read
    // more than the list index does (measured 115-130 ms against 29-37).
    if (options.since && !options.after && (await this.engine.orderlessIndexEngine()))
      return this.query({ ...query, hint: sortSpec(state) }, limit);
    return this.query(query, limit);
  }

  /** When each active `new` lead that arrived at or after `since` arrived (the overdue window). */
  async recentNew(since: Date): Promise<Date[]> {
    const leads = await this.model
      .find(recentNewFilter(since), { createdAt: 1 })
      .lean<Pick<LeadRecord, '_id' | 'createdAt'>[]>()
      .exec();
    return leads.map((lead) => lead.createdAt);
  }

  /** What insights read of the leads that arrived in `[from, to)`, or of all; spam left out. */
  arrivals(from?: Date, to?: Date): Promise<StoredArrival[]> {
    return this.model.collection
      .find<StoredArrival>(arrivalsFilter(from, to), { projection: ARRIVAL_FIELDS })
      .toArray();
  }

  /** Every lead one admin owns, in any list (their ownership goes when they do). */
  assignedTo(adminId: Types.ObjectId): Promise<LeadRecord[]> {
    return this.model.find(assigneeFilter(adminId)).lean<LeadRecord[]>().exec();
  }

  /** A whole list in list order as a stream, read in batches (never held in memory at once). */
  stream(state: LeadList, q?: string): Readable {
    const leads = async function* (this: LeadRepository) {
      const { filter, sort } = listQuery(state, { q, form: await this.wordsForm() });
      yield* this.model.find(filter).sort(sort).lean().cursor({ batchSize: 1000 });
    };
    return Readable.from(leads.call(this));
  }

  /** Every lead's address, in no order, read in batches (the email counts are taken from it). */
  emails(): AsyncIterable<Pick<LeadRecord, 'email'>> {
    return this.model.find({}, { _id: 0, email: 1 }).lean().cursor({ batchSize: 1000 });
  }

  /** Every lead of an email address, in no order. */
  findByEmail(email: string): Promise<LeadRecord[]> {
    return this.model
      .find(emailFilter(emailKey(email)))
      .lean<LeadRecord[]>()
      .exec();
  }

  /** The newest `limit` leads of an email address, newest first. */
  newestByEmail(email: string, limit: number): Promise<LeadRecord[]> {
    return this.model
      .find(emailFilter(emailKey(email)))
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<LeadRecord[]>()
      .exec();
  }

  /** Up to `limit` leads of a filter, in no order (the retention run's batches). */
  matching(filter: FilterQuery<LeadRecord>, limit: number): Promise<LeadRecord[]> {
    return this.model.find(filter).limit(limit).lean<LeadRecord[]>().exec();
  }

  /** Counts the lists (what the kept totals stand for). Reads every lead: checks only. */
  async count(): Promise<KeptTotals> {
    const [active, archived, spam, unread, ...stages] = await Promise.all([
      this.model.countDocuments(stateFilter('active')).exec(),
      this.model.countDocuments(stateFilter('archived')).exec(),
      this.model.countDocuments(stateFilter('spam')).exec(),
      this.model.countDocuments(unreadFilter).exec(),
      ...LEAD_STAGES.map((stage) => this.model.countDocuments(stageCountFilter(stage)).exec()),
    ]);
    const perStage = Object.fromEntries(LEAD_STAGES.map((stage, i) => [stage, stages[i] ?? 0]));
    return { active, archived, unread, spam, ...(perStage as LeadStageTotals) };
  }

  /** Up to `limit` leads stored before emailKey existed. */
  withoutEmailKey(limit: number): Promise<LeadRecord[]> {
    return this.model
      .find(missingEmailKeyFilter, { email: 1 })
      .limit(limit)
      .lean<LeadRecord[]>()
      .exec();
  }

  /** Up to `limit` leads without words in this engine's form, with the fields words come from. */
  async withoutWords(limit: number): Promise<LeadRecord[]> {
    const fields = Object.fromEntries(searchedFields(this.kind).map((f) => [f, 1]));
    return this.model
      .find(missingWordsFilter(await this.wordsForm()), fields)
      .limit(limit)
      .lean<LeadRecord[]>()
      .exec();
  }

  // --- writing -------------------------------------------------------------------------------

  /**
   * Stores a new lead; resolves once the database has acknowledged it. `intake` is what the intake
   * learned of the submission beside its fields: its proof's verdict, whether it is held as
   * spam (and why), and where it came from.
   */
  async insert(
    fields: Record<string, string>,
    intake: Pick<LeadRecord, 'proof' | 'spamAt' | 'spamReasons' | 'source'> = {},
  ): Promise<LeadRecord> {
    const [created] = await this.model.create([
      {
        ...fields,
        ...intake,
        emailKey: emailKey(fields.email ?? ''),
        ...storedWords(await this.wordsForm(), leadWords(this.kind, fields)),
        archivedAt: null,
        readAt: null,
      },
    ]);
    if (!created) throw new Error('insert returned no document');
    const record = created.toObject<LeadRecord>();
    // The lead is stored: its address's count follows in the background (this process's readers
    // wait for it), and one left behind costs an answer's otherRequests, never the lead.
    void this.counts
      .change(keyDeltas([record], 1))
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'email count not kept for a new lead'),
      );
    return record;
  }

  /**
   * Writes a plan to its targets in one call and answers how many it changed: fewer than planned
   * means another process changed some of them since they were read.
   */
  async write({ targets, condition, effect }: ActionPlan): Promise<number> {
    // FerretDB 1.x looks up a filter of `_id` alone directly and reads the whole collection for
    // any other (`$in` too); and it isolates no write, so a condition there would guard nothing.
    // The kind's write queue is what keeps a change from racing another there.
    if (await this.wholeCollectionEngine()) return this.writeEach(targets, effect);
    const filter = { ...idsFilter(targets.map((lead) => lead._id)), ...condition };
    if (effect === 'remove') {
      const { deletedCount } = await this.model.deleteMany(filter).exec();
      if (deletedCount > 0) await this.counts.change(keyDeltas(targets, -1));
      return deletedCount;
    }
    const result = await this.model
      .updateMany(filter, { $set: effect.set }, { timestamps: false })
      .exec();
    return result.modifiedCount;
  }

  /** A plan's write as one call of a write per lead, each found by its `_id` alone. */
  private async writeEach(targets: LeadRecord[], effect: ActionPlan['effect']): Promise<number> {
    if (effect === 'remove') {
      const { deletedCount } = await this.model.bulkWrite(
        targets.map((lead) => ({ deleteOne: { filter: { _id: lead._id } } })),
      );
      if (deletedCount > 0) await this.counts.change(keyDeltas(targets, -1));
      return deletedCount;
    }
    const { modifiedCount } = await this.model.bulkWrite(
      targets.map((lead) => ({
        updateOne: { filter: { _id: lead._id }, update: { $set: effect.set }, timestamps: false },
      })),
    );
    return modifiedCount;
  }

  /** Gives leads their email key, without touching their updatedAt. */
  async setEmailKeys(leads: readonly Pick<LeadRecord, '_id' | 'email'>[]): Promise<number> {
    if (leads.length === 0) return 0;
    const result = await this.model.bulkWrite(
      leads.map((lead) => ({
        updateOne: {
          filter: { _id: lead._id },
          update: { $set: { emailKey: emailKey(lead.email) } },
          timestamps: false,
        },
      })),
    );
    return result.matchedCount;
  }

  /**
   * Gives leads their search words in this engine's form, without touching their updatedAt, and
   * drops the other form's (leads moved from another engine); answers how many it wrote.
   */
  async setWords(leads: readonly LeadRecord[]): Promise<number> {
    if (leads.length === 0) return 0;
    const form = await this.wordsForm();
    const other = WORDS_FIELD[form === 'array' ? 'text' : 'array'];
    const result = await this.model.bulkWrite(
      leads.map((lead) => ({
        updateOne: {
          filter: { _id: lead._id },
          update: {
            $set: storedWords(form, leadWords(this.kind, lead)),
            $unset: { [other]: '' },
          },
          timestamps: false,
        },
      })),
    );
    return result.matchedCount;
  }

  // --- the engine ----------------------------------------------------------------------------

  /**
   * "FerretDB v1.24.2" when the engine reads a whole collection for every query but an `_id`
   * lookup (and isolates no write), else null. The writes above, the totals checker's warning of
   * an outgrown inbox and the list view's kept arrivals (insights) are the only code that depends
   * on it.
   */
  wholeCollectionEngine(): Promise<string | null> {
    return this.engine.wholeCollectionEngine();
  }

  /** How this engine stores words (lead-words.ts): the one other place that minds the engine. */
  async wordsForm(): Promise<WordsForm> {
    return wordsFormOf(await this.wholeCollectionEngine());
  }

  private async query({ filter, sort, hint }: LeadQuery, limit: number): Promise<CachedPage> {
    const find = () =>
      this.model
        .find(filter)
        .sort(sort)
        .limit(limit + 1);
    const records = await (hint ? find().hint(hint) : find())
      .lean<LeadRecord[]>()
      .exec()
      .catch((error: unknown) => {
        if (!hint) throw error;
        // The index is not there (a database run with MONGODB_AUTO_INDEX=false before `npm run
        // db:indexes`): the same read without the hint is slower, never wrong.
        if (!hintFailureLogged)
          logger.warn(`A hinted read failed (${String(error)}); reading without hints' help.`);
        hintFailureLogged = true;
        return find().lean<LeadRecord[]>().exec();
      });
    return { records: records.slice(0, limit), hasMore: records.length > limit };
  }
}
