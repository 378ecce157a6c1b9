import { Schema, type Types } from 'mongoose';

import { AUDIT_ACTIONS, type AuditAction, LEAD_KIND_KEYS, type LeadKindKey } from '../contract';

export interface AuditRecord {
  _id: Types.ObjectId;
  at: Date;
  action: AuditAction;
  adminId: Types.ObjectId | null;
  adminEmail: string | null;
  kind: LeadKindKey | null;
  ids: string[];
  ip: string | null;
  detail: Record<string, string | number | boolean>;
}

export const AUDIT_MODEL = 'AuditEntry';

/** Append-only: the API inserts and reads entries, and has no call that changes or removes one. */
export const AuditSchema = new Schema<AuditRecord>(
  {
    at: { type: Date, required: true },
    action: { type: String, required: true, enum: AUDIT_ACTIONS },
    adminId: { type: Schema.Types.ObjectId, default: null },
    adminEmail: { type: String, default: null },
    kind: { type: String, enum: [...LEAD_KIND_KEYS, null], default: null },
    ids: { type: [String], default: [] },
    ip: { type: String, default: null },
    detail: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'audit_log', versionKey: false, strict: 'throw', minimize: false },
);
// Newest first, paged by (at, _id).
AuditSchema.index({ at: -1, _id: -1 });
// One admin's own actions, newest first (agents and viewers read only theirs, issue 34).
AuditSchema.index({ adminId: 1, at: -1, _id: -1 });
