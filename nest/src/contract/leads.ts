import type { LeadSource, SpamReason } from './lead-intake';
import type { LeadKind, LeadKindKey, LeadKinds } from './lead-kinds';
import type { LeadStage } from './lead-stages';
import type { AssigneeFilter, LeadAssignee, LeadListViewName } from './lead-work';

// --- leads ----------------------------------------------------------------------------------
export interface LeadBase {
  _id: string;
  name: string;
  email: string;
  phone_number: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** ISO 8601 while archived, null while active. */
  archivedAt: string | null;
  /** ISO 8601 of when an admin first opened it (or marked it read); null while unread. */
  readAt: string | null;
  /** How far the lead has been worked; separate from archive (won or lost never archives). */
  stage: LeadStage;
  /** The admin who has taken it, or null. */
  assignee: LeadAssignee;
  /** ISO 8601 of the first reply sent to it (queued from the inbox); null until then. */
  firstResponseAt: string | null;
  /** ISO 8601: when our answer is due: the open wait's start (else arrival) plus the response target. */
  dueAt: string;
  /** True while it waits on us (new, or it wrote last), active and past `dueAt`. */
  overdue: boolean;
  /**
   * ISO 8601 of when its open wait began: it wrote (not automatically) after our last reply, and
   * nothing of ours has gone since. Null when nothing of theirs waits on us.
   */
  awaitingReplySince: string | null;
  /** It wrote again after we had replied (any stage: a won or lost lead stays as it is). */
  wroteAgain: boolean;
  /**
   * ISO 8601 of the follow-up an admin set ("Remind me"): out of Needs reply until then; null when
   * none is set (cleared, or it came: the lead is back then, and its owner told).
   */
  followUpAt: string | null;
  /** The first touch of the visit that brought it (landing page or intake caller); null if none. */
  source: LeadSource | null;
  /** How many other leads, of any kind, have the same email address. */
  otherRequests: number;
  /** ISO 8601 of when it was held as spam (at intake, or by an admin); null when it is not spam. */
  spamAt: string | null;
  /** Why it was held as spam, one entry per rule that fired; empty when it is not spam. */
  spamReasons: SpamReason[];
}

type TextFieldOf<K extends LeadKindKey> = LeadKinds[K]['textField'];
type SubjectOf<K extends LeadKindKey> = LeadKinds[K]['hasSubject'] extends true
  ? { subject: string }
  : unknown;

/** A lead of kind K; for the union of kinds, the union of the four lead shapes. */
export type Lead<K extends LeadKindKey = LeadKindKey> = K extends LeadKindKey
  ? LeadBase & Record<TextFieldOf<K>, string> & SubjectOf<K>
  : never;

/** A lead's field by name as text ('' when it has none): for code that shows any kind's fields. */
export function leadField(lead: Lead, field: string): string {
  const value: unknown = Reflect.get(lead, field);
  return typeof value === 'string' ? value : '';
}

/** The two lists of a kind: active (unarchived) and archived. */
export const LEAD_LIST_STATES = ['active', 'archived'] as const;
export type LeadListState = (typeof LEAD_LIST_STATES)[number];

export function isLeadListState(value: unknown): value is LeadListState {
  return typeof value === 'string' && (LEAD_LIST_STATES as readonly string[]).includes(value);
}

/**
 * Every list a lead can be in: the two a panel shows, and Spam beside them (issue 22), which holds
 * what the intake judged spam or an admin marked so. A lead is in exactly one.
 */
export const LEAD_LISTS = [...LEAD_LIST_STATES, 'spam'] as const;
export type LeadList = (typeof LEAD_LISTS)[number];

export function isLeadList(value: unknown): value is LeadList {
  return typeof value === 'string' && (LEAD_LISTS as readonly string[]).includes(value);
}

/**
 * One page of a list, newest first. The spec's list answer calls its leads `data`, and so do we,
 * from the API's answer to the panel that shows them.
 */
export interface LeadPage<K extends LeadKindKey = LeadKindKey> {
  data: Lead<K>[];
  /** Opaque; pass back as `cursor` to get the next page. Null on the last page. */
  nextCursor: string | null;
  /**
   * Number of leads in the whole list (kept by the API, never counted per request). Null for a
   * search: counting its matches would read the whole list.
   */
  total: number | null;
}

export type LeadListResponse<K extends LeadKindKey = LeadKindKey> = { success: true } & LeadPage<K>;

export interface LeadListQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  /**
   * Only leads in these stages: `stage=won,lost` (comma-separated; a repeated `stage=` adds more).
   * Like a search, a page narrowed to stages has `total: null`.
   */
  stage?: LeadStage[];
  /** `me`, `none` or an admin's id: only leads that admin (or nobody) owns. Narrows as `stage` does. */
  assignee?: AssigneeFilter;
  /** `needs-reply`: active `new` leads, oldest first. Default `all`. */
  view?: LeadListViewName;
}

/** The two ways a lead changes lists (spec section 4), each named as its call and its form intent. */
export const LEAD_MOVES = ['archive', 'unarchive'] as const;
export type LeadMove = (typeof LEAD_MOVES)[number];

/** The list a move puts a lead into. */
export const LEAD_MOVE_TARGET = {
  archive: 'archived',
  unarchive: 'active',
} as const satisfies Record<LeadMove, LeadListState>;

/** The move each list offers on its leads: Archive in the inbox, Unarchive in the archive. */
export const LEAD_MOVE_OUT_OF = {
  active: 'archive',
  archived: 'unarchive',
} as const satisfies Record<LeadListState, LeadMove>;

/** How many leads a list holds; kept by the API as leads arrive, move, are read and go. */
export interface LeadTotals {
  active: number;
  archived: number;
  /** Active leads no admin has opened yet (what is left to work through). */
  unread: number;
  /** Leads held as spam (in neither list above, never unread). */
  spam: number;
}

/** How many active leads are in each stage; kept as the lists' totals are. */
export type LeadStageTotals = Record<LeadStage, number>;

/** A kind's totals on the dashboard: the lists', and the active list's per stage. */
export interface InboxTotals extends LeadTotals {
  stages: LeadStageTotals;
  /** Active leads that wait on us past their response target; kept, as the other totals are. */
  overdue: number;
  /** Active leads that wait on us: `new`, or they wrote after our reply (the needs-reply view). */
  needsReply: number;
}

/**
 * What an admin does to leads: the spec's moves, read marks, and erasure of archived leads. Each is
 * a call on the kind's path and a form intent; each answers as a move does.
 */
export const LEAD_ACTIONS = [
  ...LEAD_MOVES,
  'read',
  'unread',
  'delete',
  'stage',
  'assign',
  'spam',
  'not-spam',
] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

export function isLeadAction(value: unknown): value is LeadAction {
  return typeof value === 'string' && (LEAD_ACTIONS as readonly string[]).includes(value);
}

/** How many leads one call may act on. */
export const LEAD_IDS_MAX = 200;

/**
 * Body of every lead action on many: 1 to 200 ids. `q` (optional, a list search as in
 * `LeadListQuery`) makes the answer's first pages those of that search, so a searched panel is
 * brought up to date by the action's own answer, in one call. Totals are always the whole lists'.
 */
export interface LeadIdsRequest {
  ids: string[];
  q?: string;
}

/** Body of the stage call: the leads to set to `stage` (from whatever stage each is in). */
export interface LeadStageRequest extends LeadIdsRequest {
  stage: LeadStage;
}

/** One lead with every stored field (`GET /<kind>/<kinds>/:id`). */
export interface LeadResponse<K extends LeadKindKey = LeadKindKey> {
  success: true;
  lead: Lead<K>;
}

/**
 * The answer to archive and unarchive, in the spec's words: `unarchived` is our `active` list.
 * This is the one place the spec's names differ from ours; `movePages()` turns it into our pages.
 */
export interface ArchiveResponse<K extends LeadKindKey = LeadKindKey> {
  success: true;
  /** First page of the active list. */
  unarchived: Lead<K>[];
  /** First page of the archived list. */
  archived: Lead<K>[];
  unarchivedTotal: number;
  archivedTotal: number;
  /** Active leads not opened yet (beyond the spec). */
  unreadTotal: number;
  /** Leads held as spam (beyond the spec). */
  spamTotal: number;
  /** Cursors to page on from these first pages (as `nextCursor` of a list). */
  unarchivedNextCursor: string | null;
  archivedNextCursor: string | null;
}

/** The totals in a move's answer, named as ours are. */
export function answerTotals(answer: ArchiveResponse): LeadTotals {
  return {
    active: answer.unarchivedTotal,
    archived: answer.archivedTotal,
    unread: answer.unreadTotal,
    spam: answer.spamTotal,
  };
}

/** Both first pages of a move's answer, named as our lists are. */
export function movePages<K extends LeadKindKey>(
  answer: ArchiveResponse<K>,
): Record<LeadListState, LeadPage<K>> {
  return {
    active: {
      data: answer.unarchived,
      nextCursor: answer.unarchivedNextCursor,
      total: answer.unarchivedTotal,
    },
    archived: {
      data: answer.archived,
      nextCursor: answer.archivedNextCursor,
      total: answer.archivedTotal,
    },
  };
}

/** What the dashboard shows first, for every kind, in one call: totals and the inbox's first page. */
export interface InboxOverviewResponse {
  success: true;
  kinds: { [K in LeadKindKey]: { totals: InboxTotals; active: LeadPage<K> } };
}

export const INBOX_PATH = '/inbox';

/** Body of archive/unarchive: `{ [kind.idField]: id }` (spec section 7), or `{ids}` for many. */
export type ArchiveRequest<K extends LeadKindKey = LeadKindKey> =
  Record<LeadKinds[K]['idField'], string> | LeadIdsRequest;

/**
 * The ids an archive/unarchive body names: its spec id field, or its `ids`. (TypeScript cannot
 * index a generic kind's body by that kind's own id field, so it is read here, once.)
 */
export function archiveRequestIds<K extends LeadKindKey>(
  kind: LeadKind<K>,
  body: ArchiveRequest<K>,
): string[] {
  if ('ids' in body && Array.isArray(body.ids)) return body.ids;
  const one: unknown = Reflect.get(body, kind.idField);
  return typeof one === 'string' ? [one] : [];
}

/** Body of the public intake call. `website` is the honeypot: humans never fill it. */
export type CreateLeadRequest<K extends LeadKindKey = LeadKindKey> = K extends LeadKindKey
  ? {
      name: string;
      email: string;
      phone_number?: string;
      website?: string;
      source?: LeadSource;
      /** A solved `GET /intake/challenge` (the ALTCHA payload), from a visitor's browser. */
      altcha?: string;
    } & Record<TextFieldOf<K>, string> &
      SubjectOf<K>
  : never;

export interface CreateLeadResponse {
  success: true;
  id: string;
}
