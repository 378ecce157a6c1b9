/** The admin area (spec section 2: the route 'super-secret-admin'); every link and redirect starts here. */
export const ADMIN_PATH = '/super-secret-admin';

/** The signed-in admin's own password and sessions. */
export const ACCOUNT_PATH = `${ADMIN_PATH}/account`;
/** The Account page's forms, each posted to a route of its own under the page. */
export const ACCOUNT_FORM_PATHS = {
  password: `${ACCOUNT_PATH}/password`,
  secondFactor: `${ACCOUNT_PATH}/second-factor`,
  passkeys: `${ACCOUNT_PATH}/passkeys`,
  sessions: `${ACCOUNT_PATH}/sessions`,
  availability: `${ACCOUNT_PATH}/availability`,
  timeZone: `${ACCOUNT_PATH}/time-zone`,
} as const;
/** The options of a passkey ceremony (sign-in, reauthentication), fetched by the page's script. */
export const PASSKEY_OPTIONS_PATH = `${ADMIN_PATH}/passkey-options`;
/** Admins manage admins. */
export const ADMINS_PAGE_PATH = `${ADMIN_PATH}/admins`;
/** Owners' API keys for integrations: create, list, revoke. */
export const API_KEYS_PAGE_PATH = `${ADMIN_PATH}/api-keys`;
/** A person's requests: look them up, download them, erase them. */
export const PRIVACY_PATH = `${ADMIN_PATH}/privacy`;
/** Who did what: the audit log. */
export const ACTIVITY_PATH = `${ADMIN_PATH}/activity`;

/** Where leads came from and how fast they were answered, in charts. */
export const INSIGHTS_PAGE_PATH = `${ADMIN_PATH}/insights`;
/** One insights chart's data as CSV (a resource route). */
export const INSIGHTS_CSV_PATH = `${ADMIN_PATH}/insights.csv`;

/** Reply templates and response targets, per kind. */
export const SETTINGS_PATH = `${ADMIN_PATH}/settings`;

/** The queue: one list of every kind's leads, the open lead beside it (issue 32). */
export const QUEUE_PAGE_PATH = `${ADMIN_PATH}/queue`;
/** Where the queue's bulk toolbar posts (an action only): each kind's leads to its own call. */
export const QUEUE_ACTIONS_PATH = `${ADMIN_PATH}/queue-actions`;
export const queueLeadPath = (kind: string, id: string) =>
  `${QUEUE_PAGE_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/**
 * The admin area's pages, in the top bar's order, each with the permission it needs: the bar
 * offers a page only to a role that has it (ROLE_PERMISSIONS; AdminShell holds each to the
 * contract's Permission type).
 */
export const ADMIN_PAGES = [
  { path: QUEUE_PAGE_PATH, label: 'Queue', permission: 'leads.read' },
  { path: ADMIN_PATH, label: 'Inbox', permission: 'leads.read' },
  { path: INSIGHTS_PAGE_PATH, label: 'Insights', permission: 'insights.read' },
  { path: PRIVACY_PATH, label: 'Privacy', permission: 'privacy' },
  { path: ACTIVITY_PATH, label: 'Activity', permission: 'audit.read.own' },
  { path: SETTINGS_PATH, label: 'Settings', permission: 'settings.leads' },
  { path: ADMINS_PAGE_PATH, label: 'Admins', permission: 'admins.manage' },
  { path: API_KEYS_PAGE_PATH, label: 'API keys', permission: 'apikeys.manage' },
  { path: ACCOUNT_PATH, label: 'Account', permission: 'account' },
] as const;

/** Emails no lead was found for: attach each to a lead, or delete it (issue 33). */
export const UNMATCHED_PAGE_PATH = `${ADMIN_PATH}/unmatched`;

/** An attachment of a lead's email, streamed from the API (a resource route: always a download). */
export const leadAttachmentHref = (kind: string, id: string, messageId: string, n: number) =>
  `${ADMIN_PATH}/lead/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/attachments/${encodeURIComponent(messageId)}/${n}`;

/** An attachment of an unmatched email, the same way. */
export const unmatchedAttachmentHref = (messageId: string, n: number) =>
  `${UNMATCHED_PAGE_PATH}/${encodeURIComponent(messageId)}/attachments/${n}`;
