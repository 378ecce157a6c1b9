import { Readable } from 'node:stream';

import { emailKey, type LeadKindDescriptor, type LeadList } from '../../contract';
import { ObjectId } from '../../database/object-id';

import { type ActionPlan } from './lead-action-plan';
import { type LeadCondition } from './lead-condition';
import { compareInList, SORT_KEYS, sortValues } from './lead-order';
import { listOf, type LeadRecord, stageOf } from './lead-record';
import { ownerKeyOf } from './lead-scope';
import { leadWords, searchWords } from './lead-words';
import { type StoredArrival } from './list-view/lead-arrivals';
import { type CachedPage } from './list-view/lead-list-cache';
import { type LeadListSource, type ListRead, type OwnedTime } from './list-view/lead-list-source';
import {
  type CountedTotals,
  keptTotalsOf,
  ownerTotalsOf,
  totalsChange,
} from './list-view/lead-totals';

/** Whether a stored lead meets a plan's condition, as the repository's filter would find it. */
export function holds(condition: LeadCondition, lead: LeadRecord): boolean {
  if ('always' in condition) return true;
  if ('enteredBefore' in condition) {
    const entered = condition.list === 'archived' ? lead.archivedAt : lead.spamAt;
    return listOf(lead) === condition.list && Boolean(entered && entered < condition.enteredBefore);
  }
  if ('list' in condition) return (listOf(lead) === condition.list) === condition.in;
  if ('unownedIn' in condition) return listOf(lead) === 'active' && !lead.assigneeId;
  switch (condition.field) {
    case 'readAt':
    case 'firstResponseAt':
    case 'awaitingReplySince':
      return Boolean(lead[condition.field]) === (condition.is === 'set');
    case 'stage':
      return lead.stage !== condition.not;
    case 'assignee':
      return condition.not === null
        ? Boolean(lead.assigneeId)
        : lead.assigneeId?.toHexString() !== condition.not;
    case 'followUpAt':
      return (lead.followUpAt?.getTime() ?? null) === (condition.was?.getTime() ?? null);
  }
}

/**
 * One kind's leads in memory, answering as LeadRepository does (for the use cases' unit specs):
 * each write goes under its plan's condition and answers how many leads it changed. `written`
 * keeps every plan written, in order.
 */
export class MemoryLeads implements LeadListSource {
  readonly written: ActionPlan[] = [];
  private clock = Date.UTC(2026, 0, 1);

  constructor(
    private readonly kind: LeadKindDescriptor,
    public leads: LeadRecord[] = [],
  ) {}

  /** A stored lead as it is now, by id. */
  stored(id: string): LeadRecord | undefined {
    return this.leads.find((lead) => lead._id.toHexString() === id);
  }

  async findById(id: string): Promise<LeadRecord | null> {
    const lead = this.stored(id);
    return lead ? { ...lead } : null;
  }

  async findByIds(ids: readonly string[]): Promise<LeadRecord[]> {
    return this.leads.filter((lead) => ids.includes(lead._id.toHexString())).map((l) => ({ ...l }));
  }

  async insert(
    fields: Record<string, string>,
    intake: Pick<LeadRecord, 'proof' | 'spamAt' | 'spamReasons' | 'source'> = {},
  ): Promise<LeadRecord> {
    // A minute apart, in order: newer leads sort first, as arrival times would.
    const at = new Date((this.clock += 60_000));
    const lead: LeadRecord = {
      _id: new ObjectId(),
      name: '',
      email: '',
      phone_number: '',
      ...fields,
      ...intake,
      emailKey: emailKey(fields.email ?? ''),
      words: leadWords(this.kind, fields),
      createdAt: at,
      updatedAt: at,
      archivedAt: null,
      readAt: null,
      stage: 'new',
      spamAt: intake.spamAt ?? null,
      spamReasons: intake.spamReasons ?? [],
    };
    this.leads.push(lead);
    return { ...lead };
  }

  async write(plan: ActionPlan): Promise<number> {
    this.written.push(plan);
    let changed = 0;
    for (const target of plan.targets) {
      const lead = this.stored(target._id.toHexString());
      if (!lead || !holds(plan.condition, lead)) continue;
      if (plan.effect === 'remove') this.leads = this.leads.filter((other) => other !== lead);
      else Object.assign(lead, plan.effect.set, plan.effect.each?.get(lead._id.toHexString()));
      changed++;
    }
    return changed;
  }

  async restore(record: LeadRecord): Promise<boolean> {
    if (this.stored(record._id.toHexString())) return false;
    this.leads.push({ ...record });
    return true;
  }

  async assignedTo(adminId: string): Promise<LeadRecord[]> {
    return this.leads.filter((lead) => lead.assigneeId?.toHexString() === adminId);
  }

  stream(state: LeadList, q?: string): Readable {
    return Readable.from(this.list(state, { q }));
  }

  async findByEmail(email: string): Promise<LeadRecord[]> {
    return this.leads.filter((lead) => lead.emailKey === emailKey(email));
  }

  async newestByEmail(email: string, limit: number): Promise<LeadRecord[]> {
    const found = await this.findByEmail(email);
    return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
  }

  async matching(condition: LeadCondition, limit: number): Promise<LeadRecord[]> {
    return this.leads.filter((lead) => holds(condition, lead)).slice(0, limit);
  }

  // --- the list view's source ----------------------------------------------------------------

  async page(state: LeadList, limit: number, read: ListRead = {}): Promise<CachedPage> {
    const list = this.list(state, read);
    return { records: list.slice(0, limit), hasMore: list.length > limit };
  }

  async recentNew(since: Date): Promise<OwnedTime[]> {
    return this.list('active', { stages: ['new'] })
      .filter((lead) => lead.createdAt >= since)
      .map((lead) => ({ id: lead._id.toHexString(), at: lead.createdAt, owner: ownerKeyOf(lead) }));
  }

  async waitingSince(): Promise<OwnedTime[]> {
    return this.list('active', {}).flatMap((lead) =>
      stageOf(lead) !== 'new' && lead.awaitingReplySince
        ? [{ id: lead._id.toHexString(), at: lead.awaitingReplySince, owner: ownerKeyOf(lead) }]
        : [],
    );
  }

  async count(): Promise<CountedTotals> {
    return { ...keptTotalsOf(totalsChange([], this.leads)), owners: ownerTotalsOf(this.leads) };
  }

  async arrivals(): Promise<StoredArrival[]> {
    return this.leads
      .filter((lead) => !lead.spamAt)
      .map((lead) => ({ _id: lead._id, createdAt: lead.createdAt, stage: lead.stage }));
  }

  async readsByIndex(): Promise<boolean> {
    return true;
  }

  /** A list in list order, narrowed and from after a position as `read` says. */
  private list(state: LeadList, read: ListRead): LeadRecord[] {
    const wanted = read.q ? searchWords(read.q) : [];
    const direction = read.oldestFirst ? -1 : 1;
    return this.leads
      .filter((lead) => listOf(lead) === state)
      .filter((lead) => !read.stages?.length || read.stages.includes(stageOf(lead)))
      .filter(
        (lead) =>
          !read.waiting ||
          (!lead.followUpAt && (stageOf(lead) === 'new' || Boolean(lead.awaitingReplySince))),
      )
      .filter(
        (lead) =>
          !read.overdueBefore ||
          (lead.awaitingReplySince
            ? lead.awaitingReplySince < read.overdueBefore
            : stageOf(lead) === 'new' && lead.createdAt < read.overdueBefore),
      )
      .filter(
        (lead) =>
          read.assignee === undefined ||
          (lead.assigneeId?.toHexString() ?? null) === (read.assignee?.toHexString() ?? null),
      )
      .filter(
        (lead) =>
          read.assignee !== undefined || !read.owners || read.owners.includes(ownerKeyOf(lead)),
      )
      .filter((lead) => wanted.every((w) => (lead.words ?? []).some((own) => own.startsWith(w))))
      .filter((lead) => !read.since || (lead[SORT_KEYS[state][0]] as Date) >= read.since)
      .sort((a, b) => direction * compareInList(state, sortValues(state, a), sortValues(state, b)))
      .filter(
        (lead) =>
          !read.after || direction * compareInList(state, sortValues(state, lead), read.after) > 0,
      )
      .map((lead) => ({ ...lead }));
  }
}
