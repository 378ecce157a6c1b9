import { pipeline, type Readable, Transform } from 'node:stream';

import { HttpStatus, Logger } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import {
  type AdminRef,
  type ArchiveResponse,
  type CreateLeadRequest,
  type Lead,
  type LeadAction,
  type LeadKind,
  type LeadKindKey,
  leadFields,
  type LeadList,
  type LeadListState,
  type LeadPage,
  LEAD_SOURCE_FIELDS,
} from '../../contract';
import { type LeadNotifier } from '../../notifications/lead-notifier.service';
import { type IntakeOrigin, type SpamFilter } from '../spam/spam-filter';

import { type ActionInput, planAction } from './lead-action-plan';
import { type LeadEvents } from './lead-events';
import { assigneeOf, dueOf, type LeadRecord, RULE_PENDING, stageOf } from './lead-record';
import { ownerFields } from './lead-rule-plans';
import { sourceOf, storedSource } from './lead-source';
import { type LeadWrites } from './lead-writes';
import { type ListOptions } from './list-view/lead-list-source';
import { type LeadListView } from './list-view/lead-list-view';
import { type LeadRepository } from './repository/lead.repository';

/** What the use cases read and write of the kind's leads (the repository, or a fake of it). */
export type LeadStore = Pick<
  LeadRepository,
  'findById' | 'findByIds' | 'insert' | 'assignedTo' | 'stream'
>;

/**
 * What an admin and the public do with one kind's leads: the use cases, each a few calls on the
 * kind's parts. The repository holds every database call, the list view the totals and cached
 * pages, the action plan what each action changes; privacy requests are LeadPrivacy's.
 */
export class LeadService<K extends LeadKindKey = LeadKindKey> {
  private readonly logger: Logger;
  private readonly fields: readonly string[];

  constructor(
    readonly kind: LeadKind<K>,
    private readonly leads: LeadStore,
    private readonly view: LeadListView<K>,
    private readonly writes: Pick<LeadWrites, 'run' | 'commit' | 'arrived'>,
    private readonly notifier: Pick<LeadNotifier, 'leadCreated'>,
    private readonly spam: Pick<SpamFilter, 'judge'>,
    /** Told of each lead that reaches the inbox (automatic assignment). */
    private readonly events: Pick<LeadEvents, 'arrived' | 'storeArrival'> = {
      arrived: () => Promise.resolve(),
      storeArrival: (_kind, store) => store(undefined),
    },
  ) {
    this.logger = new Logger(`Leads:${kind.key}`);
    this.fields = leadFields(kind);
  }

  // --- reading -------------------------------------------------------------------------------

  /** A page of a list. Without a search its total is the kept one; a search is not counted. */
  list(state: LeadList, options: ListOptions = {}): Promise<LeadPage<K>> {
    return this.view.list(state, options);
  }

  /** One lead with every stored field. */
  async findOne(id: string): Promise<Lead<K>> {
    const record = await this.leads.findById(id);
    if (!record) throw this.notFound(id);
    const [lead] = await this.view.leadsOf([record]);
    if (!lead) throw this.notFound(id);
    return lead;
  }

  /**
   * Every lead of a list, in list order, as a stream of records: the CSV export reads the database
   * in batches and never holds the whole list in memory.
   */
  async exportRecords(
    state: LeadListState,
    q?: string,
  ): Promise<{ columns: readonly string[]; records: Readable }> {
    const columns = [
      '_id',
      'createdAt',
      'archivedAt',
      ...this.fields,
      'stage',
      'assignee',
      'firstResponseAt',
      'overdue',
      ...LEAD_SOURCE_FIELDS,
    ];
    const clock = await this.view.clock();
    // The work columns as a lead answer reads them: the stage a lead without one has, the owner
    // by email, overdue at the moment the export starts.
    const withWork = new Transform({
      objectMode: true,
      transform(record: LeadRecord, _encoding, callback) {
        callback(null, {
          ...record,
          stage: stageOf(record),
          assignee: assigneeOf(record)?.email ?? '',
          firstResponseAt: record.firstResponseAt ?? null,
          overdue: dueOf(record, clock).overdue,
          ...sourceOf(record.source),
          // A date, so the export writes it in its zone as it writes the others.
          startedAt: record.source?.startedAt ?? null,
        });
      },
    });
    // pipeline() (not pipe()) passes a failed read on: the export fails instead of hanging.
    return { columns, records: pipeline(this.leads.stream(state, q), withWork, () => undefined) };
  }

  // --- intake --------------------------------------------------------------------------------

  /**
   * Public intake. Resolves with the new id once the database has acknowledged the write, so a 201
   * is never sent for a lead that isn't stored. Every submission is scored (SpamFilter), reading
   * the intake's proof of work (`origin.proof`, IntakeProof) among the rest: one judged spam is
   * stored in the Spam list with its reasons, and never notified; its answer is the same.
   */
  async submit(body: CreateLeadRequest<K>, origin: IntakeOrigin): Promise<string> {
    const fields = Object.fromEntries(
      this.fields.flatMap((f) => {
        const value: unknown = (body as Record<string, unknown>)[f];
        return typeof value === 'string' ? [[f, value]] : [];
      }),
    );
    const receivedAt = new Date();
    const verdict = await this.spam.judge(
      { kind: this.kind, fields, honeypot: Boolean(body.website), receivedAt },
      origin,
    );
    const spam = verdict?.spam ? { spamAt: receivedAt, spamReasons: verdict.reasons } : undefined;
    const source = storedSource(body.source);
    const intake = { proof: origin.proof.status, ...spam, ...(source ? { source } : {}) };
    // A lead for the inbox is stored with the owner its kind's rule gives it, in the same insert
    // (decision 0043); or marked for the rule's round after the answer (decision 0041).
    const record = spam
      ? await this.leads.insert(fields, intake)
      : await this.events.storeArrival(this.kind.key, (owner) =>
          this.leads.insert(fields, { ...intake, ...ownerFields(owner) }),
        );
    const id = record._id.toHexString();
    // The lead is stored: from here on nothing may turn the answer into a failure (a retry would
    // store it twice). Totals left behind are found and corrected by the totals check.
    await this.writes.arrived(record).catch((error: unknown) => {
      this.logger.warn({ err: error, leadId: id }, 'totals not updated for a new lead');
      this.view.distrust();
    });
    if (!spam) {
      await this.notifier.leadCreated(this.kind, id);
      // After the answer, not before it: the lead is stored, marked for the rule (above).
      if (record.assignWaiting === RULE_PENDING) void this.events.arrived(this.kind.key, id);
    }
    return id;
  }

  // --- acting on leads -----------------------------------------------------------------------

  /**
   * Acts on leads as `admin` and answers with both first pages (of the panel's search `q`, if
   * given) and the totals. Acting on a lead already in that state changes nothing; an unknown id
   * fails the whole call (404), as does a lead the action refuses, such as deleting an active one
   * (409). Each lead changed gets the change in its timeline.
   */
  async act(
    admin: AdminRef | null,
    action: LeadAction,
    ids: readonly string[],
    { q, input = {} }: { q?: string; input?: ActionInput } = {},
  ): Promise<ArchiveResponse<K>> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const { at, arrived } = await this.writes.run(async () => {
      const found = await this.leads.findByIds(unique);
      const missing = unique.find((id) => !found.some((r) => r._id.toHexString() === id));
      if (missing) throw this.notFound(missing);
      const plan = planAction(action, found, new Date(), input);
      if ('refused' in plan) throw new ApiError(HttpStatus.CONFLICT, plan.refused);
      const committed = await this.writes.commit(plan, admin);
      // Out of Spam: notified now, as they would have been on arrival.
      if (committed) for (const id of plan.notify) await this.notifier.leadCreated(this.kind, id);
      return { at: committed, arrived: committed ? plan.notify : [] };
    });
    // An arrival's own writes go through the queue: told once this change has left it.
    for (const id of arrived) await this.events.arrived(this.kind.key, id);
    return this.view.answer(at, q);
  }

  /**
   * Clears the owner of every lead `owner` has, as `by` (their account is being removed): through
   * the action path, so totals, cached heads and timelines follow as for an assign call. Answers
   * how many leads it cleared.
   */
  async releaseOwner(by: AdminRef | null, owner: AdminRef): Promise<number> {
    return this.writes.run(async () => {
      const found = await this.leads.assignedTo(owner.id);
      const input: ActionInput = { assignee: null, reason: 'admin-removed' };
      const plan = planAction('assign', found, new Date(), input);
      if ('refused' in plan) throw new ApiError(HttpStatus.CONFLICT, plan.refused);
      await this.writes.commit(plan, by);
      return plan.targets.length;
    });
  }

  private notFound(id: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, `No ${this.kind.logName} request with id ${id}`);
  }
}
