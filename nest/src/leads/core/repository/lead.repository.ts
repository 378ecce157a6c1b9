import { Readable } from 'node:stream';

import { type FactoryProvider, Logger } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import {
  emailKey,
  type LeadKindDescriptor,
  type LeadKindKey,
  type LeadList,
} from '../../../contract';
import { DatabaseEngine } from '../../../database/database-engine';
import { isDuplicateKey } from '../../../database/duplicate-key';
import { ObjectId } from '../../../database/object-id';
import { type ActionPlan } from '../lead-action-plan';
import { type LeadCondition } from '../lead-condition';
import { type EmailCountsKeeper, keyDeltas } from '../lead-email-counts';
import { LeadEmailCounts } from '../lead-email-counts.store';
import { sortSpec } from '../lead-order';
import { type LeadRecord } from '../lead-record';
import { currentScope, inScope, ownerKeyOf } from '../lead-scope';
import { leadWords } from '../lead-words';
import { type StoredArrival } from '../list-view/lead-arrivals';
import { type CachedPage } from '../list-view/lead-list-cache';
import { type LeadListSource, type ListRead, type OwnedTime } from '../list-view/lead-list-source';
import { type CountedTotals } from '../list-view/lead-totals';

import { hintedFind, hintedPage } from './hinted-page.repository';
import { LeadAssignmentReads } from './lead-assignment.repository';
import { conditionFilter } from './lead-conditions.repository';
import { countCountedTotals } from './lead-counts.repository';
import { LeadEngine } from './lead-engine.repository';
import { writePlan } from './lead-plan-write.repository';
import {
  ARRIVAL_FIELDS,
  arrivalsFilter,
  EVERY_ARRIVAL,
  notSpam,
  assigneeFilter,
  emailFilter,
  idsFilter,
  type LeadQuery,
  listQuery,
  recentNewFilter,
  waitingSinceFilter,
} from './lead-queries.repository';
import { storedWords } from './lead-words.repository';
import { windowPage } from './window-page.repository';

const logger = new Logger('Leads');

/** DI token of one kind's LeadRepository. */
export const leadRepositoryToken = (kind: LeadKindKey) => `LeadRepository:${kind}`;

/** One kind's repository: its model (the kind's collection), the engine's facts, the email counts. */
export const leadRepositoryProvider = (kind: LeadKindDescriptor): FactoryProvider => ({
  provide: leadRepositoryToken(kind.key),
  inject: [getModelToken(kind.collection), DatabaseEngine, LeadEmailCounts],
  useFactory: (model: Model<LeadRecord>, engine: DatabaseEngine, counts: LeadEmailCounts) =>
    new LeadRepository(kind, model, new LeadEngine(engine), counts),
});

/**
 * Every database call of one kind's use cases on its leads: what it answers is what is stored, and
 * each write answers what it changed. With lead-upkeep.repository.ts (the start-up fills), the one
 * place that minds the engine (LeadEngine). The queries are built in lead-queries.repository.ts
 * (where the index test reads them), a plan's condition in lead-conditions.repository.ts.
 */
export class LeadRepository implements LeadListSource {
  constructor(
    private readonly kind: LeadKindDescriptor,
    private readonly model: Model<LeadRecord>,
    private readonly engine: LeadEngine,
    /** Told of every lead that arrives or goes, by address (otherRequests). */
    private readonly counts: EmailCountsKeeper = { change: () => Promise.resolve() },
  ) {}

  // --- reading -------------------------------------------------------------------------------

  /** The lead of an id if the request's viewer sees it (LeadScope); else, as unknown: null. */
  async findById(id: string): Promise<LeadRecord | null> {
    const scope = currentScope(this.kind.key);
    if (scope.see === 'none') return null;
    const record = await this.model.findById(id).lean<LeadRecord>().exec();
    return record && inScope(scope, record) ? record : null;
  }

  /**
   * The leads of these ids that exist and the viewer sees. FerretDB 1.x reads the whole collection
   * for `$in`: there each is looked up by `_id` (an action names at most LEAD_IDS_MAX).
   */
  async findByIds(ids: readonly string[]): Promise<LeadRecord[]> {
    if (ids.length > 1 && !(await this.engine.readsByIndex())) {
      const found = await Promise.all(ids.map((id) => this.findById(id)));
      return found.filter((record): record is LeadRecord => record !== null);
    }
    const scope = currentScope(this.kind.key);
    const found = await this.model
      .find(idsFilter(ids.map((id) => new ObjectId(id))))
      .lean<LeadRecord[]>()
      .exec();
    return found.filter((record) => inScope(scope, record));
  }

  async page(state: LeadList, limit: number, read: ListRead = {}): Promise<CachedPage> {
    const options = { ...read, form: await this.engine.wordsForm() };
    if (read.since && !read.oldestFirst && (await this.engine.hintsWindows()))
      return windowPage(this.model, state, options, limit);
    return this.query(listQuery(state, options), limit);
  }

  /** When each active `new` lead that arrived at or after `since` arrived (the overdue window). */
  async recentNew(since: Date): Promise<OwnedTime[]> {
    // On DocumentDB through the arrivals' order, as a newest window (at 1,000,000 leads 0.4 s
    // against 6 s: its planner picks a stage index and reads every `new` lead's entry).
    const hint = (await this.engine.hintsWindows()) ? sortSpec('active') : undefined;
    const leads = await hintedFind<Pick<LeadRecord, '_id' | 'createdAt' | 'assigneeId'>>(
      () => this.model.find(recentNewFilter(since), { createdAt: 1, assigneeId: 1 }),
      hint,
    );
    return leads.map((lead) => ({
      id: lead._id.toHexString(),
      at: lead.createdAt,
      owner: ownerKeyOf(lead),
    }));
  }

  /** When each lead counted in `waiting` began to wait (the overdue count's other part). */
  async waitingSince(): Promise<OwnedTime[]> {
    const leads = await this.model
      .find(waitingSinceFilter, { awaitingReplySince: 1, assigneeId: 1 })
      .lean<Pick<LeadRecord, '_id' | 'awaitingReplySince' | 'assigneeId'>[]>()
      .exec();
    return leads.flatMap((lead) =>
      lead.awaitingReplySince
        ? [{ id: lead._id.toHexString(), at: lead.awaitingReplySince, owner: ownerKeyOf(lead) }]
        : [],
    );
  }

  /** What insights read of the leads that arrived in `[from, to)`; spam left out. */
  arrivals(from: Date, to: Date): Promise<StoredArrival[]> {
    return this.model.collection
      .find<StoredArrival>(arrivalsFilter(from, to), { projection: ARRIVAL_FIELDS })
      .toArray();
  }

  /** Every lead's insights facts, one batch at a time (the kept days' count: memory stays flat). */
  eachArrival(): AsyncIterable<StoredArrival> {
    return notSpam(
      this.model.collection.find<StoredArrival & { spamAt?: Date | null }>(EVERY_ARRIVAL.filter, {
        projection: EVERY_ARRIVAL.projection,
        batchSize: 2_000,
      }),
    );
  }

  /** Every lead one admin owns, in any list (their ownership goes when they do). */
  assignedTo(adminId: string): Promise<LeadRecord[]> {
    return this.model
      .find(assigneeFilter(new ObjectId(adminId)))
      .lean<LeadRecord[]>()
      .exec();
  }

  /** The assignment rules' reads of this kind's leads. */
  assignmentReads(): LeadAssignmentReads {
    return new LeadAssignmentReads(this.model);
  }

  /** A list's leads the viewer sees, in list order, streamed in batches (the CSV export). */
  stream(state: LeadList, q?: string): Readable {
    const scope = currentScope(this.kind.key);
    const owners = scope.see === 'all' ? undefined : scope.see === 'none' ? [] : scope.owners;
    const leads = async function* (this: LeadRepository) {
      const form = await this.engine.wordsForm();
      const { filter, sort } = listQuery(state, { q, owners, form });
      yield* this.model.find(filter).sort(sort).lean().cursor({ batchSize: 1000 });
    };
    return Readable.from(leads.call(this));
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

  /** Up to `limit` leads that meet a condition, in no order (the retention run's batches). */
  matching(condition: LeadCondition, limit: number): Promise<LeadRecord[]> {
    return this.model.find(conditionFilter(condition)).limit(limit).lean<LeadRecord[]>().exec();
  }

  /** Counts the lists and each owner's (what the kept totals stand for). Checks only. */
  count(): Promise<CountedTotals> {
    return countCountedTotals(this.model.collection);
  }

  // --- writing -------------------------------------------------------------------------------

  /**
   * Stores a new lead; resolves once the database has acknowledged it. `intake` is what the intake
   * learned of the submission beside its fields: its proof's verdict, whether it is held as
   * spam (and why), where it came from, and whether it waits for an assignment rule.
   */
  async insert(
    fields: Record<string, string>,
    intake: Pick<
      LeadRecord,
      | 'proof'
      | 'spamAt'
      | 'spamReasons'
      | 'source'
      | 'assignWaiting'
      | 'assigneeId'
      | 'assigneeEmail'
      | 'ruleAtArrival'
    > = {},
  ): Promise<LeadRecord> {
    const [created] = await this.model.create([
      {
        ...fields,
        ...intake,
        emailKey: emailKey(fields.email ?? ''),
        ...storedWords(await this.engine.wordsForm(), leadWords(this.kind, fields)),
        archivedAt: null,
        readAt: null,
      },
    ]);
    if (!created) throw new Error('insert returned no document');
    const record = created.toObject<LeadRecord>();
    // The lead is stored: its address's count is stored before the intake answers, as every
    // other change's is, so no reader waits for rounds in flight (decision 0044). One that fails
    // costs an answer's otherRequests, never the lead.
    await this.counts
      .change(keyDeltas(this.kind.key, [record], 1))
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'email count not kept for a new lead'),
      );
    return record;
  }

  /**
   * Stores a lead that went back as it was (an unmerge), its `_id` and every field as read then;
   * false when it is there already. Its address's count follows, as an arrival's does.
   */
  async restore(record: LeadRecord): Promise<boolean> {
    try {
      await this.model.collection.insertOne(record);
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
    await this.counts.change(keyDeltas(this.kind.key, [record], 1));
    return true;
  }

  /**
   * Writes a plan to its targets in one call and answers how many it changed: fewer than planned
   * means another process changed some of them since they were read (lead-plan-write.repository.ts).
   */
  async write(plan: ActionPlan): Promise<number> {
    return writePlan(
      this.model,
      this.counts,
      this.kind.key,
      plan,
      await this.engine.readsByIndex(),
    );
  }

  // --- the engine ----------------------------------------------------------------------------

  /** Whether narrowed reads are served by an index (else every read decodes every lead). */
  readsByIndex(): Promise<boolean> {
    return this.engine.readsByIndex();
  }

  /** The most leads an inbox holds within its latency targets on this engine, where it sets one. */
  inboxLimit(): Promise<{ engine: string; leads: number } | null> {
    return this.engine.inboxLimit();
  }

  private query(query: LeadQuery, limit: number): Promise<CachedPage> {
    return hintedPage(this.model, query, limit);
  }
}
