import { Schema, type Types } from 'mongoose';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  TIMELINE_EVENT_TYPES,
  type TimelineEventType,
} from '../../contract';

/** One event as stored: who (by id and the email they had then), when, what. */
export interface StoredEvent {
  _id: Types.ObjectId;
  at: Date;
  type: Exclude<TimelineEventType, 'received'>;
  adminId: Types.ObjectId | null;
  adminEmail: string | null;
  /** The type's own fields (TimelineDetails), with ids as strings and dates as Dates. */
  detail: Record<string, unknown>;
}

/**
 * A lead's timeline: one document per lead, its `_id` the lead's. Read and written by `_id` only,
 * the one lookup every engine serves from its primary key (FerretDB 1.x pushes down nothing else),
 * so opening a lead costs the same at 100 leads as at 100,000. `received` is not stored: it is the
 * lead's own `createdAt`.
 */
export interface TimelineRecord {
  _id: Types.ObjectId;
  kind: LeadKindKey;
  events: StoredEvent[];
}

export const LEAD_TIMELINE_MODEL = 'LeadTimeline';

const EventSchema = new Schema<StoredEvent>(
  {
    at: { type: Date, required: true },
    type: { type: String, required: true, enum: TIMELINE_EVENT_TYPES },
    adminId: { type: Schema.Types.ObjectId, default: null },
    adminEmail: { type: String, default: null },
    detail: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
);

export const LeadTimelineSchema = new Schema<TimelineRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: LEAD_KIND_KEYS },
    events: { type: [EventSchema], default: [] },
  },
  { collection: 'lead_timelines', versionKey: false, strict: 'throw', minimize: false },
);
