import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

import { LEAD_KIND_KEYS, type LeadKindKey } from '../contract';

/** `webhook` and `email` tell the team of a new lead; `reply` is an admin's reply to the lead. */
export const NOTIFICATION_CHANNELS = ['webhook', 'email', 'reply'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A notification: one per lead and channel, written right after the lead, and one per reply (its
 * `_id` the reply's id). Waiting in `lead_notifications_pending` until delivered or given up, then
 * kept in `lead_notifications` with its outcome (NotificationOutbox). The lead's content, and a
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

  @Prop({ type: String, required: true, enum: ['pending', 'sent', 'failed'], default: 'pending' })
  status: 'pending' | 'sent' | 'failed';

  @Prop({ type: Number, required: true, default: 0 })
  attempts: number;

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

/** The queue: notifications waiting for delivery (a few at any time: read every second). */
export const PENDING_NOTIFICATION = 'PendingNotification';
export const PendingNotificationSchema = LeadNotificationSchema.clone().set(
  'collection',
  'lead_notifications_pending',
);
// The worker's claim: pending, due first, then not claimed by another worker (claimQuery).
PendingNotificationSchema.index({ status: 1, nextAttemptAt: 1, lockedUntil: 1 });
