import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { type LeadKindDescriptor } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { ObjectId } from '../database/object-id';

import {
  LeadNotification,
  type NotificationChannel,
  PENDING_NOTIFICATION,
} from './notification.schema';

/** An outbox entry as the worker claims it. */
export type OutboxJob = LeadNotification & { _id: ObjectId };

/** Where a queued reply stands, as its entry says. */
export type OutboxStatus = Pick<LeadNotification, 'status' | 'lastError'>;

/** Entries an earlier version left waiting in the settled collection (read once per worker start). */
export const earlierQuery = () => ({ status: 'pending' as const });

/** The due, unclaimed notification that has waited longest (index-checked in the API suite). */
export function claimQuery(now: Date) {
  return {
    filter: {
      status: 'pending',
      nextAttemptAt: trusted({ $lte: now }),
      lockedUntil: trusted({ $lte: now }),
    },
    sort: { nextAttemptAt: 1 as const },
  };
}

/**
 * The outbox (one document per lead and channel, one per reply, one per notice of an incoming
 * message): its every database call. What to
 * queue and when to retry are LeadNotifier's and NotificationWorker's.
 *
 * Waiting entries live in a queue of their own (`lead_notifications_pending`), claimed every second
 * by a filter on their status and dates: FerretDB 1.x reads a whole collection for such a filter
 * (and even for an `_id`), so the queue holds only what is still to deliver, and its cost stays
 * that of the backlog, not of every notification ever sent. A delivered or given-up entry is
 * inserted into `lead_notifications` (an insert costs the same at any size there), then dropped
 * from the queue: a crash in between leaves it queued, delivered again once its claim expires
 * (at least once, as before), never lost.
 */
@Injectable()
export class NotificationOutbox {
  constructor(
    @InjectModel(PENDING_NOTIFICATION) private readonly pending: Model<LeadNotification>,
    @InjectModel(LeadNotification.name) private readonly settled: Model<LeadNotification>,
  ) {}

  /** Queues a lead on each of these channels. */
  async queueLead(
    kind: LeadKindDescriptor,
    leadId: string,
    channels: readonly NotificationChannel[],
  ): Promise<void> {
    await this.pending.insertMany(channels.map((channel) => ({ channel, kind: kind.key, leadId })));
  }

  /** Queues the notices of a lead's incoming message (`message-*` channels), by its key. */
  async queueMessage(
    kind: LeadKindDescriptor,
    leadId: string,
    messageKey: string,
    channels: readonly NotificationChannel[],
  ): Promise<void> {
    await this.pending.insertMany(
      channels.map((channel) => ({ channel, kind: kind.key, leadId, ref: messageKey })),
    );
  }

  /** Queues a reply under its own id. */
  async queueReply(kind: LeadKindDescriptor, leadId: string, replyId: string): Promise<void> {
    await this.pending.create({
      _id: new ObjectId(replyId),
      channel: 'reply',
      kind: kind.key,
      leadId,
    });
  }

  /** Drops every entry of these leads, queued or settled. */
  async forget(kind: LeadKindDescriptor, leadIds: string[]): Promise<void> {
    const filter = { kind: kind.key, leadId: trusted({ $in: leadIds }) };
    await Promise.all([this.pending.deleteMany(filter), this.settled.deleteMany(filter)]);
  }

  /**
   * The status of each of these replies that has an entry, by id (read by `_id`, one each): the
   * settled one where there is one (a crash may have left its queued copy behind).
   */
  async statuses(replyIds: readonly string[]): Promise<Map<string, OutboxStatus>> {
    const byId = (model: Model<LeadNotification>, id: string) =>
      model.findById(new ObjectId(id), { status: 1, lastError: 1 }).lean().exec();
    const found = await Promise.all(
      replyIds.map(async (id) => {
        const [settled, queued] = await Promise.all([
          byId(this.settled, id),
          byId(this.pending, id),
        ]);
        return settled ?? queued;
      }),
    );
    return new Map(
      found.flatMap((job, i) =>
        job ? [[replyIds[i] ?? '', { status: job.status, lastError: job.lastError ?? null }]] : [],
      ),
    );
  }

  /** Claims the due entry that has waited longest until `until`, counting an attempt. */
  claim(now: Date, until: Date): Promise<OutboxJob | null> {
    const { filter, sort } = claimQuery(now);
    return this.pending
      .findOneAndUpdate(
        filter,
        { $set: { lockedUntil: until }, $inc: { attempts: 1 } },
        { new: true, sort },
      )
      .lean<OutboxJob>()
      .exec();
  }

  /** A claimed entry was delivered: settled as sent. */
  async sent(job: OutboxJob): Promise<void> {
    await this.settle({ ...job, status: 'sent', sentAt: new Date(), lastError: null });
  }

  /** An attempt failed: tried again at `next`, or failed for good (settled); the claim is let go. */
  async failed(job: OutboxJob, lastError: string, next: Date, final: boolean): Promise<void> {
    const outcome = { lastError, nextAttemptAt: next, lockedUntil: new Date(0) };
    if (final) return this.settle({ ...job, ...outcome, status: 'failed' });
    await this.pending.updateOne({ _id: job._id }, { $set: outcome });
  }

  /**
   * Queues the entries an earlier version left waiting in `lead_notifications` (it kept every
   * entry there): once, before the first claim; reads that collection once. Into the queue first,
   * then out of there, so a stop in between leaves a copy in both, never none.
   */
  async queueEarlier(): Promise<number> {
    const earlier = await this.settled.find(earlierQuery()).lean<OutboxJob[]>().exec();
    for (const job of earlier) {
      await this.pending.create(job).catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error;
      });
      await this.settled.deleteOne({ _id: job._id });
    }
    return earlier.length;
  }

  /**
   * Keeps the entry's outcome in `lead_notifications`, then drops it from the queue. Over a copy
   * settled before: one a stopped process left queued, or a chat alert skipped then and raised
   * again (ChatAlertOutbox: one settled otherwise never reaches here).
   */
  async settle(job: OutboxJob): Promise<void> {
    try {
      await this.settled.create(job);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.settled.replaceOne({ _id: job._id }, job);
    }
    const { deletedCount } = await this.pending.deleteOne({ _id: job._id });
    // Its lead was erased meanwhile (forget emptied the queue of it): nothing of it is kept.
    if (deletedCount === 0) await this.settled.deleteOne({ _id: job._id });
  }
}
