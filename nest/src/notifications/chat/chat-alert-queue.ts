import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted, Types } from 'mongoose';

import {
  CHAT_CHANNELS,
  type ChatAlertEvent,
  type ChatChannel,
  type LeadKindDescriptor,
  type LeadKindKey,
} from '../../contract';
import { LeadNotification } from '../notification.schema';

import { ChatAlertSettingsService } from './chat-alert-settings';
import { ChatPoster } from './chat-poster';

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
): Types.ObjectId {
  const digest = createHash('sha256')
    .update([channel, event, kind.key, leadId.toLowerCase(), ref].join('\n'))
    .digest();
  return new Types.ObjectId(digest.subarray(0, 12));
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

/** Queues chat alerts in the outbox, as the settings say, once per event, lead and channel. */
@Injectable()
export class ChatAlertQueue {
  constructor(
    @InjectModel(LeadNotification.name) private readonly outbox: Model<LeadNotification>,
    private readonly settings: ChatAlertSettingsService,
    private readonly poster: ChatPoster,
  ) {}

  /** Whether any chat webhook is set (else nothing is queued). */
  configured(): boolean {
    return this.poster.configured().length > 0;
  }

  /**
   * Queues `events` of a lead on every configured channel that has them on for the kind. An
   * `overdue` row is a check, due now: the worker reads the lead's due time and waits for it.
   * Upserts by the alert's `_id`, so a row already there stays as it is (queued, sent, failed),
   * except a skipped one: it was skipped for what the lead was then (in Spam, say), and an event
   * raised again (the lead is back out of Spam) is a new reason to look.
   */
  async queue(
    kind: LeadKindDescriptor,
    leadId: string,
    events: readonly ChatAlertEvent[],
    ref?: string,
  ): Promise<void> {
    const channels = this.poster.configured();
    if (channels.length === 0) return;
    const switches = (await this.settings.all())[kind.key];
    const now = new Date();
    const fresh = { nextAttemptAt: now, lockedUntil: new Date(0), attempts: 0, throttled: 0 };
    const writes = events.flatMap((event) =>
      channels
        .filter((channel) => switches[channel][event])
        .flatMap((channel) => {
          const _id = chatAlertId(channel, event, kind, leadId, ref);
          return [
            {
              updateOne: {
                filter: { _id },
                update: {
                  $setOnInsert: {
                    channel,
                    event,
                    kind: kind.key,
                    leadId,
                    ...(ref ? { ref } : {}),
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
        }),
    );
    // In order: a row inserted by the first write is not skipped, so the second leaves it.
    if (writes.length > 0) await this.outbox.bulkWrite(writes, { ordered: true });
  }

  /** Pulls the kinds' pending overdue checks to now: the worker reads their new due times. */
  async recheckOverdue(kinds: readonly LeadKindKey[]): Promise<void> {
    if (kinds.length === 0 || !this.configured()) return;
    await this.outbox.updateMany(overdueRecheckQuery(kinds), {
      $set: { nextAttemptAt: new Date() },
    });
  }
}
