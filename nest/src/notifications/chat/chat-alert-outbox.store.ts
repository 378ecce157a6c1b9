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
import { ObjectId } from '../../database/object-id';
import { type OutboxJob } from '../notification-outbox.store';
import { LeadNotification } from '../notification.schema';

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
 * The chat alerts' rows of the outbox (the collection NotificationOutbox keeps): their every
 * database call. Which alerts to queue is ChatAlertQueue's; what an attempt came to, the worker's.
 */
@Injectable()
export class ChatAlertOutbox {
  constructor(
    @InjectModel(LeadNotification.name) private readonly outbox: Model<LeadNotification>,
  ) {}

  /**
   * Upserts each row by its alert's `_id`, so a row already there stays as it is (queued, sent,
   * failed), except a skipped one: it was skipped for what the lead was then (in Spam, say), and
   * an event raised again (the lead is back out of Spam) is a new reason to look.
   */
  async queue(rows: readonly ChatAlertRow[]): Promise<void> {
    if (rows.length === 0) return;
    const now = new Date();
    const fresh = { nextAttemptAt: now, lockedUntil: new Date(0), attempts: 0, throttled: 0 };
    const writes = rows.flatMap(({ channel, event, kind, leadId, ref }) => {
      const _id = chatAlertId(channel, event, kind, leadId, ref);
      const insert = { channel, event, kind: kind.key, leadId, ...(ref ? { ref } : {}) };
      return [
        {
          updateOne: {
            filter: { _id },
            update: {
              $setOnInsert: {
                ...insert,
                status: 'pending' as const,
                ...fresh,
                lastError: null,
                sentAt: null,
              },
            },
            upsert: true,
          },
        },
        {
          updateOne: {
            filter: { _id, status: 'skipped' as const },
            update: { $set: { status: 'pending' as const, ...fresh } },
          },
        },
      ];
    });
    // In order: a row inserted by the first write is not skipped, so the second leaves it.
    await this.outbox.bulkWrite(writes, { ordered: true });
  }

  /** Pulls the kinds' pending overdue checks to now: the worker reads their new due times. */
  async recheckOverdue(kinds: readonly LeadKindKey[]): Promise<void> {
    await this.outbox.updateMany(overdueRecheckQuery(kinds), {
      $set: { nextAttemptAt: new Date() },
    });
  }

  /**
   * Not yet (an overdue check before the due time): taken again at `at`, the attempt not counted.
   * Only while this claim holds (the row unchanged since): an event raised again meanwhile
   * (queue() revives the row) is not undone by what this attempt saw before.
   */
  async later(job: OutboxJob, at: Date): Promise<void> {
    await this.outbox.updateOne(
      { _id: job._id, lockedUntil: job.lockedUntil },
      { $set: { nextAttemptAt: at, lockedUntil: new Date(0) }, $inc: { attempts: -1 } },
    );
  }

  /** Nothing to post after all; recorded, as `later`, only while this claim holds. */
  async skipped(job: OutboxJob): Promise<void> {
    await this.outbox.updateOne(
      { _id: job._id, lockedUntil: job.lockedUntil },
      { $set: { status: 'skipped', lastError: null, lockedUntil: new Date(0) } },
    );
  }

  /**
   * The channel's receiver asked for time: this row waits until `until` (or fails for good), the
   * attempt not counted, and every other row of the channel due before then waits with it.
   */
  async throttled(
    job: OutboxJob & { channel: ChatChannel },
    until: Date,
    lastError: string,
    final: boolean,
  ): Promise<void> {
    await this.outbox.updateOne(
      { _id: job._id },
      {
        $set: {
          status: final ? 'failed' : 'pending',
          lastError,
          nextAttemptAt: until,
          lockedUntil: new Date(0),
        },
        $inc: { attempts: -1, throttled: 1 },
      },
    );
    await this.outbox.updateMany(throttleQuery(job.channel, until), {
      $set: { nextAttemptAt: until },
    });
  }
}
