import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

import {
  CHAT_ALERT_EVENTS,
  CHAT_CHANNELS,
  type ChatAlertEvent,
  type ChatChannel,
  LEAD_KIND_KEYS,
  type LeadKindKey,
} from '../contract';

/**
 * `webhook` and `email` tell the team of a new lead; `reply` is an admin's reply to the lead;
 * `message-webhook` (event `lead.message`) and `message-email` (to the lead's owner, "X wrote
 * again") tell of a lead's email that came in; `slack` and `teams` post chat alerts (one row per
 * event, lead and channel); `follow-up` waits until a lead's follow-up time, then brings the lead
 * back, and `follow-up-email` tells its owner (issue 32).
 */
export const NOTIFICATION_CHANNELS = [
  'webhook',
  'email',
  'reply',
  'message-webhook',
  'message-email',
  'follow-up',
  'follow-up-email',
  ...CHAT_CHANNELS,
] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const isChatChannel = (channel: NotificationChannel): channel is ChatChannel =>
  (CHAT_CHANNELS as readonly string[]).includes(channel);

/** `skipped`: nothing to post after all (an overdue alert for a lead answered in time). */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * A notification: one per lead and channel, written right after the lead, one per reply (its
 * `_id` the reply's id), and one per chat alert (its `_id` made of the event, lead and channel, so
 * an event raised twice is queued once: chatAlertId). Waiting in `lead_notifications_pending`
 * until delivered or given up, then kept in `lead_notifications` with its outcome
 * (NotificationOutbox). The lead's content, and a
 * reply's (on the lead's timeline), is read at delivery time, so no copy of a visitor's details or
 * of what was written sits here.
 */
@Schema({ collection: 'lead_notifications', timestamps: true, versionKey: false })
export class LeadNotification {
  @Prop({ type: String, required: true, enum: NOTIFICATION_CHANNELS })
  channel: NotificationChannel;

  @Prop({ type: String, required: true, enum: LEAD_KIND_KEYS })
  kind: LeadKindKey;

  @Prop({ type: String, required: true })
  leadId: string;

  /** A chat alert's event (absent on the other channels). */
  @Prop({ type: String, enum: CHAT_ALERT_EVENTS })
  event?: ChatAlertEvent;

  /**
   * What the entry is about besides the lead: the message's id (its key in the conversation) on
   * the `message-*` channels and a chat alert's `wroteAgain`; the follow-up's time (ISO 8601) on
   * the `follow-up*` channels.
   */
  @Prop({ type: String })
  ref?: string;

  @Prop({ type: String, required: true, enum: NOTIFICATION_STATUSES, default: 'pending' })
  status: NotificationStatus;

  @Prop({ type: Number, required: true, default: 0 })
  attempts: number;

  /** Answers "too many requests" (429) so far: waited out as told, not counted as attempts. */
  @Prop({ type: Number, default: 0 })
  throttled?: number;

  @Prop({ type: Date, required: true, default: () => new Date() })
  nextAttemptAt: Date;

  /** A worker's claim; an expired claim (crashed worker) is picked up again: at-least-once delivery. */
  @Prop({ type: Date, required: true, default: () => new Date(0) })
  lockedUntil: Date;

  @Prop({ type: String, default: null })
  lastError: string | null;

  @Prop({ type: Date, default: null })
  sentAt: Date | null;
}

export type LeadNotificationDocument = HydratedDocument<LeadNotification>;
/** Delivered or given-up notifications, with their outcome. */
export const LeadNotificationSchema = SchemaFactory.createForClass(LeadNotification);
// A lead's notifications, dropped when the lead is erased (LeadNotifier.forget).
LeadNotificationSchema.index({ kind: 1, leadId: 1 });

/**
 * The queue: notifications waiting for delivery (read every second): the backlog, and each chat
 * overdue check until its lead's due time.
 */
export const PENDING_NOTIFICATION = 'PendingNotification';
export const PendingNotificationSchema = LeadNotificationSchema.clone().set(
  'collection',
  'lead_notifications_pending',
);
// After the clone, so the queue does not get it: entries an earlier version left waiting in the
// settled collection, read once per worker start (NotificationOutbox.queueEarlier).
LeadNotificationSchema.index({ status: 1 });
// The worker's claim: pending, due first, then not claimed by another worker (claimQuery).
PendingNotificationSchema.index({ status: 1, nextAttemptAt: 1, lockedUntil: 1 });
// A chat channel's pending alerts held back by a 429 (throttleQuery), and the pending overdue
// checks read again when due times change (overdueRecheckQuery): both rare, one index.
PendingNotificationSchema.index({
  status: 1,
  channel: 1,
  event: 1,
  kind: 1,
  throttled: 1,
  nextAttemptAt: 1,
});
