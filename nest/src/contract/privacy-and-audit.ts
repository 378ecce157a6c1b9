import type { ConversationMessage } from './conversations';
import type { LeadKindKey } from './lead-kinds';
import type { TimelineEvent } from './lead-work';
import { LEAD_ACTIONS, type Lead } from './leads';

// --- privacy --------------------------------------------------------------------------------
/** How an email address is compared: case and surrounding spaces don't make another person. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export const PRIVACY_PATHS = {
  leads: '/privacy/leads',
  erase: '/privacy/erase',
  retention: '/privacy/retention',
} as const;

/** Every lead of one email address, by kind (a person's right of access and portability). */
export interface PrivacyLeadsResponse {
  success: true;
  kinds: { [K in LeadKindKey]: Lead<K>[] };
  /**
   * Each lead's timeline by the lead's id, oldest first: its stages, notes and replies (with what
   * they said), as `GET …/:id/timeline` answers it.
   */
  timelines: Record<string, TimelineEvent[]>;
  /**
   * Each lead's emails both ways by the lead's id, oldest first, as `GET …/:id/messages` answers
   * them: what was written, and the attachments' names, types and sizes (their content is
   * downloaded one by one).
   */
  messages: Record<string, ConversationMessage[]>;
  total: number;
}

export interface PrivacyEraseRequest {
  email: string;
}

/** How many leads of the address were deleted, by kind (a person's right to erasure). */
export interface PrivacyEraseResponse {
  success: true;
  erased: Record<LeadKindKey, number>;
  total: number;
}

/**
 * How long leads are kept (RETENTION_ARCHIVED_DAYS, per kind RETENTION_ARCHIVED_DAYS_<KIND>, and
 * SPAM_RETENTION_DAYS): a daily run deletes what is older, with everything attached to it.
 */
export interface RetentionPolicyResponse {
  success: true;
  /** Days a lead stays archived before it is deleted, by kind; null: kept until deleted by hand. */
  archivedDays: Record<LeadKindKey, number | null>;
  /** Days a lead stays in Spam before it is deleted. */
  spamDays: number;
  /** The last run that finished: when (ISO 8601) and how many leads it deleted; null before one. */
  lastRun: { at: string; deleted: number } | null;
}

// --- who did what ---------------------------------------------------------------------------
export const AUDIT_PATH = '/audit-log';

/** Everything an admin does that the audit log records. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'sign-out-everywhere',
  'password-changed',
  'admin-added',
  'admin-removed',
  'role-changed',
  'access-changed',
  'api-key-created',
  'api-key-revoked',
  'api-key-used',
  'mfa-enrolled',
  'mfa-removed',
  'mfa-failed',
  'mfa-reset',
  'recovery-code-used',
  'passkey-added',
  'passkey-renamed',
  'passkey-removed',
  'passkey-used',
  'recovery-codes-renewed',
  'session-ended',
  'reauthenticated',
  'time-zone-changed',
  ...LEAD_ACTIONS,
  'note-added',
  'note-deleted',
  'follow-up',
  'reply',
  'leads-merged',
  'leads-unmerged',
  'attachment-downloaded',
  'unmatched-attached',
  'unmatched-deleted',
  'reply-templates-changed',
  'view-created',
  'view-changed',
  'view-deleted',
  'response-targets-changed',
  'business-hours-changed',
  'assignment-changed',
  'availability-changed',
  'chat-alerts-changed',
  'chat-webhooks-changed',
  'chat-alert-test',
  'blocklist-changed',
  'export',
  'insights',
  'privacy-access',
  'erase',
  'retention',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One recorded action. It names leads by id only, never by their personal data, so erasing a
 * person's leads leaves the log whole and holding nothing of them.
 */
export interface AuditEntry {
  _id: string;
  /** ISO 8601. */
  at: string;
  action: AuditAction;
  /** Who: null for a failed sign-in to no account. */
  admin: { id: string | null; email: string | null };
  kind: LeadKindKey | null;
  ids: string[];
  /** The client's address as the API saw it (through TRUST_PROXY). */
  ip: string | null;
  /** Counts and settings of the action (never a lead's personal data). */
  detail: Record<string, string | number | boolean>;
}

export interface AuditPageResponse {
  success: true;
  entries: AuditEntry[];
  nextCursor: string | null;
}
