import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import {
  CHAT_CHANNELS,
  type ChatAlertEvent,
  type ChatChannel,
  type LeadKindDescriptor,
  type LeadKindKey,
} from '../../contract';
import { onlyDuplicateKeys } from '../../database/duplicate-key';
import { ObjectId } from '../../database/object-id';
import { NotificationOutbox, type OutboxJob } from '../notification-outbox.store';
import {
  LeadNotification,
  type NotificationStatus,
  PENDING_NOTIFICATION,
} from '../notification.schema';

/** One chat alert to queue: an event of a lead on a channel (`ref` names more, a message). */
export interface ChatAlertRow {
  channel: ChatChannel;
  event: ChatAlertEvent;
  kind: LeadKindDescriptor;
  leadId: string;
  ref?: string;
}

/**
 * A chat alert's outbox `_id`, made of what it is (channel, event, lead, and what else names the
 * event): the same event raised twice, by two processes or after a restart, is one row, so it is
 * posted once. An ObjectId like every other row's (12 bytes of a SHA-256), so the `_id` index and
 * a reader's `toHexString()` serve it too.
 */
export function chatAlertId(
  channel: ChatChannel,
  event: ChatAlertEvent,
  kind: LeadKindDescriptor,
  leadId: string,
  ref = '',
): ObjectId {
  const digest = createHash('sha256')
    .update([channel, event, kind.key, leadId.toLowerCase(), ref].join('\n'))
    .digest();
  return new ObjectId(digest.subarray(0, 12));
}

/**
 * The pending overdue checks of some kinds (pulled forward when their due times change), but not
 * one waiting out a receiver's Retry-After: that one is not called again earlier than it asked.
 */
export function overdueRecheckQuery(kinds: readonly LeadKindKey[]) {
  return {
    status: 'pending',
    channel: trusted({ $in: [...CHAT_CHANNELS] }),
    event: 'overdue',
    kind: trusted({ $in: [...kinds] }),
    throttled: 0,
  };
}

/**
 * A channel's pending notifications due before `until` (moved to it when the channel's receiver
 * asked for time: none of them would be taken earlier).
 */
export function throttleQuery(channel: ChatChannel, until: Date) {
  return { status: 'pending', channel, nextAttemptAt: trusted({ $lt: until }) };
}

/**
 * The chat alerts' rows of the outbox: their every database call. They wait in the queue
 * (`lead_notifications_pending`, as every notification) and settle into `lead_notifications`
 * through NotificationOutbox. Which alerts to queue is ChatAlertQueue's; what an attempt came to,
 * the worker's.
 *
 * An alert raised again once settled (a lead out of Spam and back, a message announced twice) is
 * queued again: the queue cannot see the settled rows without reading them, and FerretDB 1.x
 * would read them all for that on every intake. It is the worker that looks, by `_id`, before it
 * posts or skips (settledAs): an alert settled as sent or failed is dropped from the queue, never
 * posted twice; one settled as skipped is tried again (the event is a new reason to look).
 */
@Injectable()
export class ChatAlertOutbox {
  constructor(
    @InjectModel(PENDING_NOTIFICATION) private readonly pending: Model<LeadNotification>,
    @InjectModel(LeadNotification.name) private readonly settled: Model<LeadNotification>,
    private readonly outbox: NotificationOutbox,
  ) {}

  /**
   * Inserts each row under its alert's `_id`; a row already queued stays as it is (its attempts,
   * its wait), so the same event raised twice while it waits is queued once.
   */
  async queue(rows: readonly ChatAlertRow[]): Promise<void> {
    if (rows.length === 0) return;
    const docs = rows.map(({ channel, event, kind, leadId, ref }) => ({
      _id: chatAlertId(channel, event, kind, leadId, ref),
      channel,
      event,
      kind: kind.key,
      leadId,
      ...(ref ? { ref } : {}),
    }));
    // Unordered: each row is tried, the ones already queued fail alone with a duplicate key.
    await this.pending.insertMany(docs, { ordered: false }).catch((error: unknown) => {
      if (!onlyDuplicateKeys(error)) throw error;
    });
  }

  /**
   * How this alert settled before (sent, failed or skipped), if it did: read by `_id` once per
   * alert that is to be posted or skipped, never for an overdue check that waits.
   */
  async settledAs(job: OutboxJob): Promise<NotificationStatus | null> {
    const row = await this.settled.findById(job._id, { status: 1 }).lean().exec();
    return row?.status ?? null;
  }

  /** A queued alert that settled before as sent or failed: dropped, its outcome kept as it was. */
  async drop(job: OutboxJob): Promise<void> {
    await this.pending.deleteOne({ _id: job._id });
  }

  /** Pulls the kinds' pending overdue checks to now: the worker reads their new due times. */
  async recheckOverdue(kinds: readonly LeadKindKey[]): Promise<void> {
    await this.pending.updateMany(overdueRecheckQuery(kinds), {
      $set: { nextAttemptAt: new Date() },
    });
  }

  /**
   * Not yet (an overdue check before the due time): taken again at `at`, the attempt not counted.
   * Only while this claim holds: a claim that expired and was taken over by another worker is not
   * let go under it.
   */
  async later(job: OutboxJob, at: Date): Promise<void> {
    await this.pending.updateOne(
      { _id: job._id, lockedUntil: job.lockedUntil },
      { $set: { nextAttemptAt: at, lockedUntil: new Date(0) }, $inc: { attempts: -1 } },
    );
  }

  /** Nothing to post after all: settled as skipped. */
  async skipped(job: OutboxJob): Promise<void> {
    await this.outbox.settle({ ...job, status: 'skipped', lastError: null });
  }

  /**
   * The channel's receiver asked for time: this row waits until `until` (or fails for good,
   * settled), the attempt not counted, and every other row of the channel due before then waits
   * with it.
   */
  async throttled(
    job: OutboxJob & { channel: ChatChannel },
    until: Date,
    lastError: string,
    final: boolean,
  ): Promise<void> {
    const counts = { attempts: job.attempts - 1, throttled: (job.throttled ?? 0) + 1 };
    const wait = { lastError, nextAttemptAt: until, lockedUntil: new Date(0) };
    if (final) return this.outbox.settle({ ...job, ...counts, ...wait, status: 'failed' });
    await this.pending.updateOne(
      { _id: job._id },
      { $set: wait, $inc: { attempts: -1, throttled: 1 } },
    );
    await this.pending.updateMany(throttleQuery(job.channel, until), {
      $set: { nextAttemptAt: until },
    });
  }
}
