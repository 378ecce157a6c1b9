import { type AdminRef, type LeadKindKey, leadFields, LEAD_KINDS } from '../../contract';
import { ObjectId } from '../../database/object-id';
import { type ConversationStore } from '../conversation/store/conversation.store';
import { type MessageReceipts } from '../conversation/store/message-receipts.store';
import { storedMessageOf } from '../conversation/store/stored-message.schema';
import { planMergedAway } from '../core/lead-action-plan';
import { type LeadKindParts } from '../core/lead-kinds';
import { type LeadRecord } from '../core/lead-record';
import { type StoredEvent } from '../timeline/lead-timeline.schema';
import { type LeadTimeline, type NewEvent, toStored } from '../timeline/lead-timeline.store';

import { messagesInTimeOrder, unionOf, withEvents, withoutEvents } from './merge-order';
import { type MergedSource, type MergeRecord } from './store/merge-record.schema';
import { type MergeRecords } from './store/merge-records.store';

/** What the steps work on: each kind's parts, the timelines, conversations and the merges. */
export interface MergeStepParts {
  kinds: (key: LeadKindKey) => Pick<LeadKindParts, 'repository' | 'writes'>;
  timeline: Pick<LeadTimeline, 'events' | 'edit' | 'forget'>;
  conversations: Pick<ConversationStore, 'all' | 'rewrite' | 'forget'>;
  receipts: Pick<MessageReceipts, 'note'>;
  records: Pick<MergeRecords, 'saveSources' | 'finish' | 'remove'>;
}

const hex = (id: ObjectId) => id.toHexString();

/**
 * A merge's steps and an unmerge's, from the merge's record (decision 0034). Every step may have
 * run before, whole or in part (a process died midway): it then does only what is left, so the
 * record's check finishes either from wherever it stopped. The caller holds the target kind's
 * write queue.
 */
export class LeadMergeSteps {
  constructor(private readonly parts: MergeStepParts) {}

  /** Runs a merge (or what is left of it): the merged leads go, what they had moves, links. */
  async merge(record: MergeRecord): Promise<void> {
    const { writes, repository } = this.parts.kinds(record.kind);
    const still = await repository.findByIds(record.sources.map((source) => source.id));
    // The lists, totals, stage counts, email counts and search words follow as for a deletion.
    if (still.length > 0) await writes.commit(planMergedAway(still, new Date()), record.admin);
    for (const source of record.sources) await this.moveIn(record, source);
    for (const link of record.linked) {
      const target = { kind: record.kind, id: record.targetId };
      await this.addEvent(link.kind, link.id, record, link.eventId, 'link', { with: target });
      await this.addEvent(record.kind, record.targetId, record, link.targetEventId, 'link', {
        with: { kind: link.kind, id: link.id },
      });
    }
    await this.parts.records.finish(record, 'merged');
  }

  /** Takes a merge back (or what is left of it): each lead as it was, with what it had. */
  async unmerge(record: MergeRecord, admin: AdminRef | null): Promise<void> {
    const { writes } = this.parts.kinds(record.kind);
    for (const source of record.sources) {
      await writes.restore(source.lead as LeadRecord);
      await this.moveOut(record, source);
    }
    const { timeline } = this.parts;
    for (const link of record.linked) {
      await timeline.edit(link.kind, link.id, (now) => withoutEvents(now, [link.eventId]));
      await timeline.edit(record.kind, record.targetId, (now) =>
        withoutEvents(now, [link.targetEventId]),
      );
    }
    const restored = record.sources.map((source) => ({ kind: record.kind, id: source.id }));
    const eventId = record.unmergeEventId ?? new ObjectId();
    await this.addEvent(
      record.kind,
      record.targetId,
      { ...record, admin, at: new Date() },
      eventId,
      'unmerge',
      {
        restored,
      },
    );
    await this.parts.records.remove(record._id);
  }

  /**
   * One merged lead's timeline and conversation into the target's, in time order. What moves is
   * recorded first (a crash then knows it), then written to the target, then removed from the lead.
   */
  private async moveIn(record: MergeRecord, source: MergedSource): Promise<void> {
    const { timeline, conversations } = this.parts;
    const { kind, targetId } = record;
    const [events, messages] = await Promise.all([
      timeline.events(source.id),
      conversations.all(kind, source.id),
    ]);
    const eventIds = unionOf(
      source.eventIds,
      events.map((event) => event._id),
      hex,
    );
    const messageKeys = unionOf(
      source.messageKeys,
      messages.map((message) => message.key),
      String,
    );
    if (
      eventIds.length > source.eventIds.length ||
      messageKeys.length > source.messageKeys.length
    ) {
      Object.assign(source, { eventIds, messageKeys });
      await this.parts.records.saveSources(record);
    }
    const original = toStored({
      id: source.mergeEventId,
      leadId: targetId,
      type: 'merge',
      admin: record.admin,
      at: record.at,
      detail: {
        mergeId: hex(record._id),
        from: { kind, id: source.id },
        original: originalOf(kind, source.lead as LeadRecord),
      },
    });
    await timeline.edit(kind, targetId, (now) => withEvents(now, [...events, original]));
    await timeline.forget([source.id]);
    if (messages.length === 0) return;
    const into = await conversations.all(kind, targetId);
    await this.rewrite(
      kind,
      targetId,
      messagesInTimeOrder(into.map(storedMessageOf), messages.map(storedMessageOf)),
    );
    await conversations.forget(kind, source.id, messages);
  }

  /** One merged lead's events and messages back from the target (written there first). */
  private async moveOut(record: MergeRecord, source: MergedSource): Promise<void> {
    const { timeline, conversations } = this.parts;
    const { kind, targetId } = record;
    const moved = new Set(source.eventIds.map(hex));
    const theirs = (await timeline.events(targetId)).filter((event) => moved.has(hex(event._id)));
    await timeline.edit(kind, source.id, (now) => withEvents(now, theirs));
    await timeline.edit(kind, targetId, (now) =>
      withoutEvents(now, [...source.eventIds, source.mergeEventId]),
    );
    if (source.messageKeys.length === 0) return;
    const keys = new Set(source.messageKeys);
    const [into, own] = await Promise.all([
      conversations.all(kind, targetId),
      conversations.all(kind, source.id),
    ]);
    const back = into.filter((message) => keys.has(message.key)).map(storedMessageOf);
    await this.rewrite(kind, source.id, messagesInTimeOrder(own.map(storedMessageOf), back));
    const kept = into.filter((message) => !keys.has(message.key)).map(storedMessageOf);
    await this.rewrite(kind, targetId, kept);
  }

  /** A conversation written anew; each message's receipt says where it is now (downloads, replies). */
  private async rewrite(
    kind: LeadKindKey,
    leadId: string,
    messages: Parameters<ConversationStore['rewrite']>[2],
  ): Promise<void> {
    const slots = await this.parts.conversations.rewrite(kind, leadId, messages);
    for (const [key, slot] of slots) await this.parts.receipts.note(key, { kind, leadId, slot });
  }

  /** Adds one event of a fixed id to a lead's timeline, once. */
  private async addEvent(
    kind: LeadKindKey,
    leadId: string,
    record: Pick<MergeRecord, '_id' | 'admin' | 'at'>,
    id: ObjectId,
    type: NewEvent['type'],
    detail: Record<string, unknown>,
  ): Promise<StoredEvent[]> {
    const event = toStored({
      id,
      leadId,
      type,
      admin: record.admin,
      at: record.at,
      detail: { mergeId: hex(record._id), ...detail },
    });
    return this.parts.timeline.edit(kind, leadId, (now) => withEvents(now, [event]));
  }
}

/** A merged lead's own text as its `merge` entry keeps it. */
export function originalOf(kind: LeadKindKey, lead: LeadRecord) {
  const text = (name: string) => {
    const value = lead[name];
    return typeof value === 'string' ? value : '';
  };
  const own = leadFields(LEAD_KINDS[kind]).filter(
    (name) => !['name', 'email', 'phone_number'].includes(name),
  );
  return {
    createdAt: lead.createdAt,
    name: lead.name,
    email: lead.email,
    phone_number: lead.phone_number,
    fields: Object.fromEntries(own.map((name) => [name, text(name)])),
  };
}
