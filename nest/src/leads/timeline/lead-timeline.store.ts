import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type AnyBulkWriteOperation, type Model, trusted, Types } from 'mongoose';

import { type AdminRef, type LeadKindKey } from '../../contract';
import { duplicateKeyRows, isDuplicateKey } from '../../database/duplicate-key';

import { LEAD_TIMELINE_MODEL, type StoredEvent, type TimelineRecord } from './lead-timeline.schema';

/** An event to add to a lead's timeline. */
export interface NewEvent {
  leadId: string;
  type: StoredEvent['type'];
  admin: AdminRef | null;
  detail: Record<string, unknown>;
  /** Given when the event's id is needed before it is stored (a note's id is its event's). */
  id?: Types.ObjectId;
  at?: Date;
}

/** Every lead's timeline: appended to by the lead's actions, notes and replies, read by `_id`. */
@Injectable()
export class LeadTimeline {
  constructor(
    @InjectModel(LEAD_TIMELINE_MODEL) private readonly timelines: Model<TimelineRecord>,
  ) {}

  /**
   * Adds events to leads' timelines; a lead's first events create its timeline. Each timeline is
   * created first and appended to only if it exists: FerretDB 1.x checks an insert's `_id` against
   * its index, while an upsert looks first, reading through the collection, to the end for a lead
   * without a timeline yet (most of those an action changes).
   */
  async append(kind: LeadKindKey, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const byLead = new Map<string, StoredEvent[]>();
    for (const event of events)
      byLead.set(event.leadId, [...(byLead.get(event.leadId) ?? []), toStored(event)]);
    const existing = await this.created(kind, byLead);
    if (existing.length === 0) return;
    const operations: AnyBulkWriteOperation<TimelineRecord>[] = existing.map((leadId) => ({
      updateOne: {
        filter: { _id: new Types.ObjectId(leadId) },
        update: { $push: { events: { $each: byLead.get(leadId) ?? [] } } },
      },
    }));
    await this.timelines.bulkWrite(operations, { ordered: false });
  }

  /**
   * Creates the leads' timelines with their first events, in one unordered insert (a rule's round
   * names many leads); answers the leads that had one already.
   */
  private async created(kind: LeadKindKey, byLead: ReadonlyMap<string, StoredEvent[]>) {
    const leadIds = [...byLead.keys()];
    try {
      await this.timelines.insertMany(
        leadIds.map((leadId) => ({
          _id: new Types.ObjectId(leadId),
          kind,
          events: byLead.get(leadId) ?? [],
        })),
        { ordered: false },
      );
      return [];
    } catch (error) {
      const rows = duplicateKeyRows(error, leadIds.length);
      if (!rows) throw error;
      return rows.flatMap((row) => leadIds[row] ?? []);
    }
  }

  /** A lead's stored events, oldest first (as appended). */
  async events(leadId: string): Promise<StoredEvent[]> {
    const record = await this.timelines
      .findById(new Types.ObjectId(leadId))
      .lean<TimelineRecord>()
      .exec();
    return record?.events ?? [];
  }

  /**
   * Removes one event that matches `where` too; whether one was removed. The array is written whole
   * (FerretDB 1.x's $pull takes only exact values, not a condition), under the condition that it
   * still has the length read: an event appended meanwhile makes it read again, never lost.
   */
  async removeEvent(
    leadId: string,
    eventId: string,
    where: Partial<Pick<StoredEvent, 'type' | 'adminId'>> = {},
  ): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const events = await this.events(leadId);
      const kept = events.filter((event) => !isEvent(event, eventId, where));
      if (kept.length === events.length) return false;
      const result = await this.timelines
        .updateOne(
          { _id: new Types.ObjectId(leadId), events: trusted({ $size: events.length }) },
          { $set: { events: kept } },
        )
        .exec();
      if (result.modifiedCount > 0) return true;
    }
    throw new Error(`the timeline of ${leadId} kept changing; event ${eventId} not removed`);
  }

  /**
   * Writes a lead's timeline anew as `change` makes it from the stored events (a merge moving
   * events in or out, kept in time order): whole, under the condition that it still has the length
   * read, as removeEvent does; a timeline that did not exist is created. Answers the events written.
   */
  async edit(
    kind: LeadKindKey,
    leadId: string,
    change: (events: StoredEvent[]) => StoredEvent[],
  ): Promise<StoredEvent[]> {
    const _id = new Types.ObjectId(leadId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const record = await this.timelines.findById(_id).lean<TimelineRecord>().exec();
      const events = change(record?.events ?? []);
      if (!record) {
        if (events.length === 0) return events;
        try {
          await this.timelines.create({ _id, kind, events });
          return events;
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
      }
      if (sameEvents(record.events, events)) return events;
      const result = await this.timelines
        .updateOne({ _id, events: trusted({ $size: record.events.length }) }, { $set: { events } })
        .exec();
      if (result.modifiedCount > 0) return events;
    }
    throw new Error(`the timeline of ${leadId} kept changing; not rewritten`);
  }

  /**
   * Drops the timelines of leads that are gone (deleted or erased), with all they said: one call,
   * each by its `_id` (FerretDB 1.x would read every timeline for `$in`).
   */
  async forget(leadIds: readonly string[]): Promise<void> {
    if (leadIds.length === 0) return;
    await this.timelines.bulkWrite(
      leadIds.map((id) => ({ deleteOne: { filter: { _id: new Types.ObjectId(id) } } })),
    );
  }
}

/** Whether a stored event is the one of `eventId`, and meets `where` too. */
export function isEvent(
  event: StoredEvent,
  eventId: string,
  where: Partial<Pick<StoredEvent, 'type' | 'adminId'>>,
): boolean {
  return (
    event._id.toHexString() === eventId &&
    (where.type === undefined || event.type === where.type) &&
    (where.adminId === undefined ||
      (where.adminId === null
        ? event.adminId === null
        : Boolean(event.adminId?.equals(where.adminId))))
  );
}

/** Whether two lists hold the same events in the same order (by id). */
function sameEvents(a: readonly StoredEvent[], b: readonly StoredEvent[]): boolean {
  return a.length === b.length && a.every((event, i) => event._id.equals(b[i]?._id ?? ''));
}

/** An event as stored, from one to add (its id and time given, or now's). */
export function toStored(event: NewEvent): StoredEvent {
  return {
    _id: event.id ?? new Types.ObjectId(),
    at: event.at ?? new Date(),
    type: event.type,
    adminId: event.admin ? new Types.ObjectId(event.admin.id) : null,
    adminEmail: event.admin?.email ?? null,
    detail: event.detail,
  };
}
