import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { type LeadKindDescriptor } from '../contract';
import { ObjectId } from '../database/object-id';

import { LeadNotification, type NotificationChannel } from './notification.schema';

/** An outbox entry as the worker claims it. */
export type OutboxJob = LeadNotification & { _id: ObjectId };

/** Where a queued reply stands, as its entry says. */
export type OutboxStatus = Pick<LeadNotification, 'status' | 'lastError'>;

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
 * The outbox (one document per lead and channel, one per reply): its every database call. What to
 * queue and when to retry are LeadNotifier's and NotificationWorker's.
 */
@Injectable()
export class NotificationOutbox {
  constructor(
    @InjectModel(LeadNotification.name) private readonly outbox: Model<LeadNotification>,
  ) {}

  /** Queues a lead on each of these channels. */
  async queueLead(
    kind: LeadKindDescriptor,
    leadId: string,
    channels: readonly NotificationChannel[],
  ): Promise<void> {
    await this.outbox.insertMany(channels.map((channel) => ({ channel, kind: kind.key, leadId })));
  }

  /** Queues a reply under its own id. */
  async queueReply(kind: LeadKindDescriptor, leadId: string, replyId: string): Promise<void> {
    await this.outbox.create({
      _id: new ObjectId(replyId),
      channel: 'reply',
      kind: kind.key,
      leadId,
    });
  }

  /** Drops every entry of these leads. */
  async forget(kind: LeadKindDescriptor, leadIds: string[]): Promise<void> {
    await this.outbox.deleteMany({ kind: kind.key, leadId: trusted({ $in: leadIds }) });
  }

  /** The status of each of these replies that has an entry, by id (read by `_id`, one each). */
  async statuses(replyIds: readonly string[]): Promise<Map<string, OutboxStatus>> {
    const found = await Promise.all(
      replyIds.map((id) =>
        this.outbox.findById(new ObjectId(id), { status: 1, lastError: 1 }).lean().exec(),
      ),
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
    return this.outbox
      .findOneAndUpdate(
        filter,
        { $set: { lockedUntil: until }, $inc: { attempts: 1 } },
        { new: true, sort },
      )
      .lean<OutboxJob>()
      .exec();
  }

  async sent(id: ObjectId): Promise<void> {
    await this.outbox.updateOne(
      { _id: id },
      { $set: { status: 'sent', sentAt: new Date(), lastError: null } },
    );
  }

  /** An attempt failed: tried again at `next`, or failed for good; the claim is let go. */
  async failed(id: ObjectId, lastError: string, next: Date, final: boolean): Promise<void> {
    await this.outbox.updateOne(
      { _id: id },
      {
        $set: {
          status: final ? 'failed' : 'pending',
          lastError,
          nextAttemptAt: next,
          lockedUntil: new Date(0),
        },
      },
    );
  }
}
