import { AUTH_PATHS } from './auth';
import { INBOUND_PATHS } from './conversations';
import { INTAKE_CHALLENGE_PATH } from './intake-proof';
import {
  FULL_LEAD_ACCESS,
  type LeadAccess,
  type LeadAccessLevel,
  NO_LEAD_ACCESS,
} from './lead-access';
import { LEAD_KIND_KEYS, type LeadKindKey, leadKindList, leadPaths } from './lead-kinds';

// --- roles and permissions ------------------------------------------------------------------
/**
 * What an admin may do is their role's; the role is read from the admin's record on every
 * request. Owners come first: the list is ordered from most to least allowed.
 */
export const ADMIN_ROLES = ['owner', 'manager', 'agent', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** An admin stored before roles existed has none: they read as this (decision 0029). */
export const LEGACY_ADMIN_ROLE: AdminRole = 'owner';
/**
 * The role of an admin added with POST /admins without one: reads the leads and insights and
 * changes nothing, until an owner gives more (decision 0029).
 */
export const NEW_ADMIN_ROLE: AdminRole = 'viewer';

/**
 * Every permission an admin route can need, with what it allows in plain words. Each route names
 * one (`@AdminEndpoint({ permission })`); a route behind the guard without one fails start-up.
 */
export const PERMISSIONS = {
  account:
    'Your own account: who you are, your password, second factor, passkeys and sessions, signing out',
  'leads.read':
    'Read the leads: the inbox, lists, search, one lead with its timeline, messages and attachments, the unmatched mail, the reply templates',
  'leads.work':
    'Work the leads: read or unread, stage, owner, notes, replies, archive, spam; attach or delete unmatched mail',
  'leads.delete': 'Delete archived leads for good',
  'leads.export': 'Download the lead lists as CSV',
  'insights.read': 'Read the insights (counts only)',
  'settings.leads':
    'The team’s lead settings: response targets, reply templates, the spam blocklist, which chat alerts are posted, the inbound mail status',
  'settings.integrations':
    'The chat alerts’ Slack and Teams webhooks: set or remove them, and send a test message',
  'audit.read': 'Read the activity log: everyone’s actions',
  'audit.read.own':
    'Read the activity log, of your own actions only (your sign-ins and what you did; with audit.read, everyone’s)',
  'admins.read': 'See the team’s admins (to give a lead an owner)',
  'admins.manage': 'Add and remove admins and change their roles',
  'apikeys.manage': 'Create, list and revoke the API keys of integrations',
  privacy: 'A person’s data: find every lead of an email address, and erase them',
  retention: 'How long leads are kept',
} as const satisfies Record<string, string>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/**
 * THE table: which role has which permission. The guard reads it, `GET /auth/me` answers from it,
 * the web hides what a role cannot use by it, and docs/roles.md prints it (a test holds the two
 * to the same).
 */
export const ROLE_PERMISSIONS: Record<AdminRole, readonly Permission[]> = {
  owner: PERMISSION_NAMES,
  manager: [
    'account',
    'leads.read',
    'leads.work',
    'leads.delete',
    'leads.export',
    'insights.read',
    'settings.leads',
    'audit.read',
    'audit.read.own',
    'admins.read',
  ],
  agent: ['account', 'leads.read', 'leads.work', 'insights.read', 'audit.read.own', 'admins.read'],
  viewer: ['account', 'leads.read', 'insights.read', 'audit.read.own', 'admins.read'],
};

export function isAdminRole(value: unknown): value is AdminRole {
  return (ADMIN_ROLES as readonly unknown[]).includes(value);
}

export function roleAllows(role: AdminRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What no API key may do, whatever its role: manage admins, keys or security settings (the own
 * account's password, second factor, passkeys and sessions; roles; retention; a person's data;
 * the chat alerts' webhooks). Those stay with a person signed in (decision 0036).
 */
export const API_KEY_FORBIDDEN: readonly Permission[] = [
  'account',
  'admins.manage',
  'apikeys.manage',
  'settings.integrations',
  'privacy',
  'retention',
];

/** Whether an API key of `role` may use a route that needs `permission`. */
export function apiKeyAllows(role: AdminRole, permission: Permission): boolean {
  return !API_KEY_FORBIDDEN.includes(permission) && roleAllows(role, permission);
}

/** The 403 of a route no API key may call, whatever its role. */
export function apiKeyRefusal(permission: Permission): string {
  return `API keys can't do this, whatever their role: it needs the permission ${permission}, which only an admin signed in may use.`;
}

/** The 403 of a route the admin's role does not allow: it names the permission missing. */
export function permissionRefusal(role: AdminRole, permission: Permission): string {
  return `Your role (${role}) does not allow this: it needs the permission ${permission}.`;
}

/** The access an admin of `role` starts with (new admins; a kind added later). */
export function defaultLeadAccess(role: AdminRole): LeadAccess {
  return role === 'owner' || role === 'manager' ? FULL_LEAD_ACCESS : NO_LEAD_ACCESS;
}

/**
 * An admin's access as stored (absent: stored before access existed, so every lead), each kind's
 * level present (a kind the stored one lacks has the role's default).
 */
export function leadAccessOf(
  role: AdminRole,
  stored: Partial<LeadAccess> | null | undefined,
): LeadAccess {
  if (!stored) return FULL_LEAD_ACCESS;
  const fallback = defaultLeadAccess(role);
  return {
    kinds: Object.fromEntries(
      LEAD_KIND_KEYS.map((key) => [key, stored.kinds?.[key] ?? fallback.kinds[key]]),
    ) as Record<LeadKindKey, LeadAccessLevel>,
    seeUnassigned: stored.seeUnassigned ?? fallback.seeUnassigned,
  };
}

/** The 409 of a change that would leave the team without an owner, whoever asks. */
export const LAST_OWNER_REFUSAL =
  'This is the last owner: make another admin an owner first (there is always at least one).';

/** Who is signed in, and what they may do (GET /auth/me): the web shows only that. */
export interface MeResponse {
  success: true;
  id: string;
  email: string;
  role: AdminRole;
  /** Which leads of each kind they see. */
  access: LeadAccess;
  /** The role's permissions, in the catalog's order. */
  permissions: Permission[];
  /** The zone chosen on the Account page for their dates; null: their browser's. */
  timeZone: string | null;
}

/**
 * The API's routes anyone may call without a token, and why: the rest of THE table. A route the
 * guard lets through without a token must be here (the permission matrix test holds the running
 * application to it), so opening a route to the world is a line someone reads. A path ending in
 * `*` stands for every path that starts so.
 */
export const PUBLIC_ROUTES: readonly { route: string; why: string }[] = [
  ...leadKindList.map((kind) => ({
    route: `POST ${leadPaths(kind).create}`,
    why: `The intake of ${kind.panelTitle}: the landing page and the marketplace post here`,
  })),
  { route: `GET ${INTAKE_CHALLENGE_PATH}`, why: 'The intake’s proof-of-work challenge' },
  { route: `POST ${INBOUND_PATHS.webhook}`, why: 'Inbound email: checked by its own signature' },
  { route: 'GET /health', why: 'Liveness, for load balancers' },
  { route: `POST ${AUTH_PATHS.login}`, why: 'Signing in' },
  { route: `POST ${AUTH_PATHS.mfaVerify}`, why: 'Signing in: the second step' },
  { route: `POST ${AUTH_PATHS.mfaPasskeyOptions}`, why: 'Signing in: a passkey’s challenge' },
  { route: `POST ${AUTH_PATHS.checkToken}`, why: 'Whether a token is a session (the web asks)' },
  { route: 'GET /docs*', why: 'The OpenAPI document and its viewer' },
];
