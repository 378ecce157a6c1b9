import { HttpStatus } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { type LeadKind, type LeadKindKey, type LeadKindDescriptor } from '../../contract';
import { ObjectId } from '../../database/object-id';
import { type LeadNotifier } from '../../notifications/lead-notifier.service';
import { type SpamFilter } from '../spam/spam-filter';
import { type SpamVerdict } from '../spam/spam-score';
import { type StoredEvent } from '../timeline/lead-timeline.schema';
import { isEvent, type NewEvent } from '../timeline/lead-timeline.store';
import { type ReplyDelivery } from '../timeline/timeline-events';

import { LeadPrivacy } from './lead-privacy';
import { type LeadRecord } from './lead-record';
import { LeadWrites } from './lead-writes';
import { LeadService } from './lead.service';
import { LeadListView, type TotalsKeeper } from './list-view/lead-list-view';
import {
  type CountedTotals,
  KEPT_TOTAL_KEYS,
  type KeptTotals,
  keptTotalsOf,
  type OwnerTotals,
  ownerTotalsFrom,
  type TotalsDelta,
  type TotalsSnapshot,
} from './list-view/lead-totals';
import { MemoryLeads } from './memory-leads.fixture';

/** Owners' totals with a delta's dotted owners' keys added (`owners.<id>.<total>`), as `$inc` does. */
export function addedOwners(owners: OwnerTotals, delta: object): OwnerTotals {
  const added = ownerTotalsFrom(structuredClone(owners));
  for (const [path, value] of Object.entries(delta)) {
    const [prefix, owner, key] = path.split('.');
    if (prefix !== 'owners' || !owner || !key || typeof value !== 'number') continue;
    const totals = (added[owner] ??= keptTotalsOf({}));
    totals[key as keyof KeptTotals] += value;
  }
  return added;
}

/** The kept totals in memory, as LeadTotalsStore keeps them (one kind). */
export class MemoryTotals implements TotalsKeeper {
  doc: TotalsSnapshot | null = null;

  async read(): Promise<TotalsSnapshot | null> {
    return this.doc && { ...this.doc };
  }
  async add(_kind: LeadKindKey, delta: TotalsDelta): Promise<TotalsSnapshot | null> {
    if (!this.doc) return null;
    const doc = { ...this.doc, version: this.doc.version + 1 };
    for (const key of KEPT_TOTAL_KEYS) doc[key] += delta[key] ?? 0;
    doc.owners = addedOwners(doc.owners, delta);
    this.doc = doc;
    return { ...doc };
  }
  async create(_kind: LeadKindKey, totals: CountedTotals): Promise<TotalsSnapshot> {
    this.doc ??= { ...totals, version: 0 };
    return { ...this.doc };
  }
  async correct(): Promise<boolean> {
    return false;
  }
}

/** Every lead's timeline in memory, as LeadTimeline stores them. */
export class MemoryTimeline {
  readonly byLead = new Map<string, StoredEvent[]>();

  async append(_kind: LeadKindKey, events: readonly NewEvent[]): Promise<void> {
    for (const event of events)
      this.byLead.set(event.leadId, [
        ...(this.byLead.get(event.leadId) ?? []),
        {
          _id: event.id ?? new ObjectId(),
          at: event.at ?? new Date(),
          type: event.type,
          adminId: event.admin ? new ObjectId(event.admin.id) : null,
          adminEmail: event.admin?.email ?? null,
          detail: event.detail,
        },
      ]);
  }
  async events(leadId: string): Promise<StoredEvent[]> {
    return [...(this.byLead.get(leadId) ?? [])];
  }
  async removeEvent(
    leadId: string,
    eventId: string,
    where: Partial<Pick<StoredEvent, 'type' | 'adminId'>> = {},
  ): Promise<boolean> {
    const events = this.byLead.get(leadId) ?? [];
    const kept = events.filter((event) => !isEvent(event, eventId, where));
    this.byLead.set(leadId, kept);
    return kept.length < events.length;
  }
  async forget(leadIds: readonly string[]): Promise<void> {
    for (const id of leadIds) this.byLead.delete(id);
  }
}

/** The outbox as the core and the work on a lead see it, recording what was queued. */
export class RecordingNotifier implements Pick<
  LeadNotifier,
  | 'leadCreated'
  | 'forget'
  | 'canReply'
  | 'queueReply'
  | 'replyDeliveries'
  | 'queueFollowUp'
  | 'dropFollowUp'
> {
  /** Follow-ups queued and dropped, as `<leadId> <ISO time>`. */
  readonly followUps: string[] = [];
  readonly droppedFollowUps: string[] = [];
  async queueFollowUp(_kind: LeadKindDescriptor, leadId: string, at: Date): Promise<void> {
    this.followUps.push(`${leadId} ${at.toISOString()}`);
  }
  async dropFollowUp(_kind: LeadKindDescriptor, leadId: string, at: Date): Promise<void> {
    this.droppedFollowUps.push(`${leadId} ${at.toISOString()}`);
  }
  readonly created: string[] = [];
  readonly replies: { leadId: string; replyId: string }[] = [];
  readonly forgotten: string[] = [];
  readonly deliveries = new Map<string, ReplyDelivery>();
  smtp = true;
  failNextReply = false;

  async leadCreated(_kind: LeadKindDescriptor, leadId: string): Promise<void> {
    this.created.push(leadId);
  }
  async forget(_kind: LeadKindDescriptor, leadIds: string[]): Promise<void> {
    this.forgotten.push(...leadIds);
  }
  canReply(): boolean {
    return this.smtp;
  }
  async queueReply(_kind: LeadKindDescriptor, leadId: string, replyId: string): Promise<void> {
    if (this.failNextReply) {
      this.failNextReply = false;
      throw new Error('outbox unavailable');
    }
    this.replies.push({ leadId, replyId });
  }
  async replyDeliveries(replyIds: readonly string[]): Promise<Map<string, ReplyDelivery>> {
    return new Map(
      replyIds.flatMap((id) =>
        this.deliveries.get(id) ? [[id, this.deliveries.get(id) as ReplyDelivery]] : [],
      ),
    );
  }
}

/**
 * One kind's core on memory instead of a database: the real list view, write queue, use cases
 * and privacy, over MemoryLeads and the fakes above. `verdict` is what the spam filter says.
 */
export function memoryKind<K extends LeadKindKey>(
  kind: LeadKind<K>,
  { leads = [], verdict = null }: { leads?: LeadRecord[]; verdict?: SpamVerdict | null } = {},
) {
  const repository = new MemoryLeads(kind, leads);
  const totals = new MemoryTotals();
  const timeline = new MemoryTimeline();
  const notifier = new RecordingNotifier();
  const spam: Pick<SpamFilter, 'judge'> = { judge: () => Promise.resolve(verdict) };
  const view = new LeadListView(kind, repository, totals);
  const writes = new LeadWrites(kind.key, repository, view, timeline);
  const service = new LeadService(kind, repository, view, writes, notifier, spam);
  const privacy = new LeadPrivacy(kind, repository, writes, notifier, view);
  return { kind, repository, totals, timeline, notifier, view, writes, service, privacy };
}

/** Expects `call` to fail with an ApiError of this status whose message holds `text`. */
export async function expectRefused(call: Promise<unknown>, status: HttpStatus, text: string) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).getStatus()).toBe(status);
  expect((error as ApiError).message).toContain(text);
}
