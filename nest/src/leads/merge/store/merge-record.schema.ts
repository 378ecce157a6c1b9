import { Schema, type Types } from 'mongoose';

import { type AdminRef, LEAD_KIND_KEYS, type LeadKindKey } from '../../../contract';

/** Where a merge stands: its steps run while `merging` or `unmerging`, and are idempotent. */
export const MERGE_STATES = ['merging', 'merged', 'unmerging'] as const;
export type MergeState = (typeof MERGE_STATES)[number];

/** A lead as stored (every field, its `_id` and dates as the driver reads them). */
export interface StoredLeadSnapshot {
  _id: Types.ObjectId;
  email: string;
  [field: string]: unknown;
}

/** One lead merged into the target, as it was, and what of it moved. */
export interface MergedSource {
  id: string;
  /** The lead as stored when merged: an unmerge puts it back as it was. */
  lead: StoredLeadSnapshot;
  /** Its timeline's events (notes and replies among them), now on the target's timeline. */
  eventIds: Types.ObjectId[];
  /** Its conversation's messages (by key), now in the target's conversation. */
  messageKeys: string[];
  /** The target's `merge` entry for it (its original text). */
  mergeEventId: Types.ObjectId;
}

/** A lead of another kind linked by the merge: an entry on its timeline and one on the target's. */
export interface LinkedLead {
  kind: LeadKindKey;
  id: string;
  /** Its `link` entry, and the target's. */
  eventId: Types.ObjectId;
  targetEventId: Types.ObjectId;
}

/**
 * A merge, written before any of its steps (decision 0034): what a process that dies midway left
 * is finished (or taken back) from it by the next check. Gone once unmerged: it holds the merged
 * leads' data, which must not outlive them.
 */
export interface MergeRecord {
  _id: Types.ObjectId;
  kind: LeadKindKey;
  targetId: string;
  state: MergeState;
  sources: MergedSource[];
  linked: LinkedLead[];
  /** The merged leads' email keys: a person's access and erasure find their merged data by them. */
  emailKeys: string[];
  /** The target's `unmerge` entry, fixed when an unmerge begins (so a retry adds it once). */
  unmergeEventId: Types.ObjectId | null;
  admin: AdminRef | null;
  at: Date;
  /** When a step last ran: a merge left midway for longer is a dead process's. */
  touchedAt: Date;
}

export const MERGE_RECORDS_MODEL = 'LeadMerge';

export const MergeRecordSchema = new Schema<MergeRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: LEAD_KIND_KEYS },
    targetId: { type: String, required: true },
    state: { type: String, required: true, enum: MERGE_STATES },
    sources: { type: Schema.Types.Mixed, default: [] },
    linked: { type: Schema.Types.Mixed, default: [] },
    emailKeys: { type: [String], default: [] },
    unmergeEventId: { type: Schema.Types.ObjectId, default: null },
    admin: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true },
    touchedAt: { type: Date, required: true },
  },
  { collection: 'lead_merges', versionKey: false, strict: 'throw', minimize: false },
);
// A lead's merges as a target (the detail, a target that goes), a lead merged already (409), the
// merges left midway (the check), a person's merged data (privacy).
MergeRecordSchema.index({ targetId: 1 });
MergeRecordSchema.index({ 'sources.id': 1 });
MergeRecordSchema.index({ state: 1, touchedAt: 1 });
MergeRecordSchema.index({ emailKeys: 1 });
