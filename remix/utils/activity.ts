import { type AuditAction, type AuditEntry, isLeadKindKey, LEAD_KINDS } from '@contract';
import { ACTIVITY_PATH } from '~/config/paths';

/** What each recorded action is called on the Activity page. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  'password-changed': 'Changed password',
  'admin-added': 'Added an admin',
  'admin-removed': 'Removed an admin',
  'role-changed': 'Changed an admin’s role',
  'access-changed': 'Changed an admin’s access to leads',
  'api-key-created': 'Created an API key',
  'api-key-revoked': 'Revoked an API key',
  'api-key-used': 'Used an API key',
  'mfa-enrolled': 'Set up a second factor',
  'mfa-removed': 'Removed a second factor',
  'mfa-failed': 'Second factor failed',
  'mfa-reset': 'Second factor reset by the operator',
  'recovery-code-used': 'Used a recovery code',
  'recovery-codes-renewed': 'Renewed recovery codes',
  'passkey-added': 'Added a passkey',
  'passkey-renamed': 'Renamed a passkey',
  'passkey-removed': 'Removed a passkey',
  'passkey-used': 'Used a passkey',
  'session-ended': 'Ended a session',
  reauthenticated: 'Confirmed it was them',
  'time-zone-changed': 'Changed their time zone',
  archive: 'Archived',
  unarchive: 'Unarchived',
  read: 'Marked read',
  unread: 'Marked unread',
  delete: 'Deleted',
  stage: 'Set the stage',
  assign: 'Assigned',
  spam: 'Marked spam',
  'not-spam': 'Marked not spam',
  'note-added': 'Added a note',
  'note-deleted': 'Deleted a note',
  'follow-up': 'Set or cleared a follow-up',
  reply: 'Replied',
  'leads-merged': 'Merged requests',
  'leads-unmerged': 'Took a merge back',
  'attachment-downloaded': 'Downloaded an attachment',
  'unmatched-attached': 'Attached an unmatched email to a lead',
  'unmatched-deleted': 'Deleted an unmatched email',
  'reply-templates-changed': 'Changed a reply template',
  'view-created': 'Saved a view of the queue',
  'view-changed': 'Changed a saved view',
  'view-deleted': 'Deleted a saved view',
  'response-targets-changed': 'Changed response targets',
  'business-hours-changed': 'Changed business hours',
  'assignment-changed': 'Changed automatic assignment',
  'availability-changed': 'Changed their availability',
  'chat-alerts-changed': 'Changed which chat alerts are posted',
  'chat-webhooks-changed': 'Changed a chat alert webhook',
  'chat-alert-test': 'Sent a test chat alert',
  'blocklist-changed': 'Changed the blocklist',
  export: 'Exported CSV',
  insights: 'Looked at insights',
  'privacy-access': 'Looked up a person’s requests',
  erase: 'Erased a person’s requests',
  retention: 'Deleted leads past their retention',
};

/** An action's name for the page; an action this web build does not know yet keeps its own. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

const value = (v: string | number | boolean) =>
  typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);

/** An entry's details in words: counts by kind named as the panels are, settings as `key: value`. */
export function describeDetail(entry: Pick<AuditEntry, 'action' | 'detail'>): string {
  const pairs = Object.entries(entry.detail);
  if (entry.action === 'privacy-access' && typeof entry.detail.leads === 'number')
    return `${entry.detail.leads} found`;
  if (entry.action === 'erase') {
    const erased = pairs.filter(([key, n]) => isLeadKindKey(key) && n !== 0);
    return erased.length
      ? erased.map(([key, n]) => `${kindTitle(key)}: ${value(n)}`).join(', ')
      : 'nothing was stored';
  }
  if (entry.action === 'retention') {
    const { archived, spam } = entry.detail;
    return `${value(archived ?? 0)} archived and ${value(spam ?? 0)} spam requests deleted`;
  }
  if (entry.action === 'time-zone-changed')
    return typeof entry.detail.timeZone === 'string'
      ? `to ${entry.detail.timeZone}`
      : "to the browser's zone";
  return pairs.map(([key, v]) => `${kindTitle(key)}: ${value(v)}`).join(', ');
}

export const kindTitle = (kind: string): string =>
  isLeadKindKey(kind) ? LEAD_KINDS[kind].panelTitle : kind;

/** A page of the log: the newest without a cursor, older ones after it. */
export const activityHref = (cursor?: string | null): string =>
  cursor ? `${ACTIVITY_PATH}?${new URLSearchParams({ cursor })}` : ACTIVITY_PATH;
