import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { type LeadKindDescriptor } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { ObjectId } from '../database/object-id';

import { LeadNotification, PENDING_NOTIFICATION } from './notification.schema';

/** The follow-up's two rows: the lead's return at its time, then its owner's email. */
export type FollowUpChannel = 'follow-up' | 'follow-up-email';

/**
 * A follow-up row's `_id`, made of what it is (channel, lead, time), as a chat alert's is: the
 * same follow-up set twice, or its email queued again by a worker that took over a claim, is one
 * row, so the lead returns once and its owner is told once.
 */
export function followUpJobId(
  channel: FollowUpChannel,
  kind: LeadKindDescriptor,
  leadId: string,
  at: Date,
): ObjectId {
  const digest = createHash('sha256')
    .update([channel, kind.key, leadId.toLowerCase(), at.toISOString()].join('\n'))
    .digest();
  return new ObjectId(digest.subarray(0, 12));
}

/** Pending follow-ups, for a process with no other channel to poll for (the queue's index). */
export const followUpsQuery = () => ({ status: 'pending', channel: 'follow-up' as const });

/**
 * The follow-ups' rows of the outbox (`lead_notifications_pending`, settled as every row is):
 * the one that waits until a follow-up's time (`nextAttemptAt`), and the owner's email it queues.
 */
@Injectable()
export class FollowUpOutbox {
  private readonly listeners: (() => void)[] = [];

  constructor(
    @InjectModel(PENDING_NOTIFICATION) private readonly pending: Model<LeadNotification>,
  ) {}

  /** Called when this process queues a follow-up: the worker starts polling if it did not. */
  onQueued(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Queues a row of the follow-up `at` (the return waits until then; the email goes at once); one
   * already queued stays as it is.
   */
  async queue(
    channel: FollowUpChannel,
    kind: LeadKindDescriptor,
    leadId: string,
    at: Date,
  ): Promise<void> {
    try {
      await this.pending.create({
        _id: followUpJobId(channel, kind, leadId, at),
        channel,
        kind: kind.key,
        leadId,
        ref: at.toISOString(),
        nextAttemptAt: channel === 'follow-up' ? at : new Date(),
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    for (const listener of this.listeners) listener();
  }

  /** Drops the return of a follow-up cleared or moved (by `_id`; one left is skipped when due). */
  async drop(kind: LeadKindDescriptor, leadId: string, at: Date): Promise<void> {
    await this.pending.deleteOne({ _id: followUpJobId('follow-up', kind, leadId, at) });
  }

  /** Whether any follow-up waits (read when no other channel is configured). */
  async waiting(): Promise<boolean> {
    return (await this.pending.exists(followUpsQuery())) !== null;
  }
}
