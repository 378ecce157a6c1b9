import type { RuleAssignDetails } from './assignment';
import type { SpamReason } from './lead-intake';
import type { LeadKindDescriptor, LeadKindKey } from './lead-kinds';
import type { LeadRef, MergedOriginal } from './lead-merge';
import type { LeadStage } from './lead-stages';
import { wordOutside } from './word-outside';

// --- working a lead: owner, notes, replies, response targets, timeline (issue 20) ------------

/** An admin as a lead's owner, a note's author or a timeline event's actor. */
export interface AdminRef {
  id: string;
  email: string;
}

/** A lead's owner: the admin who has taken it, or null. */
export type LeadAssignee = AdminRef | null;

/** `?assignee=` of a list: my leads, nobody's, or one admin's (by id). */
export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number] | string;

/**
 * `?view=` of a list. `needs-reply`: active leads still `new`, oldest first (the most urgent on
 * top). `all` is the list as it always was, newest first.
 */
export const LEAD_LIST_VIEWS = ['all', 'needs-reply'] as const;
export type LeadListViewName = (typeof LEAD_LIST_VIEWS)[number];

export function isLeadListViewName(value: unknown): value is LeadListViewName {
  return typeof value === 'string' && (LEAD_LIST_VIEWS as readonly string[]).includes(value);
}

/** Body of the assign call: the leads' new owner, or null to clear it. */
export interface LeadAssignRequest {
  ids: string[];
  adminId: string | null;
  q?: string;
}

// --- notes ----------------------------------------------------------------------------------
export const NOTE_TEXT_MAX = 5_000;

export interface LeadNoteRequest {
  text: string;
}

/** An internal note: never sent to the lead, never in a webhook. */
export interface LeadNote {
  id: string;
  text: string;
  admin: AdminRef;
  /** ISO 8601. */
  at: string;
}

export interface LeadNoteResponse {
  success: true;
  note: LeadNote;
}

// --- replies --------------------------------------------------------------------------------
export const REPLY_LIMITS = { subject: 200, text: 20_000 } as const;

/**
 * The largest request body a valid call can need, in bytes: the blocklist at its limits (500 terms
 * of 100 characters, about 600 kB) with every character as wide as it can be written (an astral
 * character is 12 bytes both as JSON's `\ud83d\udea4` and as a form's percent-encoded UTF-8); a
 * reply at its limits is about 240 kB. The API's JSON parser and the web's form guard refuse more,
 * unread (413); an API test holds every body the OpenAPI document allows to it.
 */
export const MAX_BODY_BYTES = 640 * 1024;

/** Plain text only; a subject holds no CR or LF (it becomes a mail header). */
export interface LeadReplyRequest {
  subject: string;
  text: string;
}

/** A reply's delivery: queued in the outbox, then sent or failed (after its retries). */
export const REPLY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

export interface LeadReplyResponse {
  success: true;
  reply: { id: string; status: 'queued' };
}

// --- reply templates ------------------------------------------------------------------------
export const REPLY_TEMPLATES_PATH = '/reply-templates';

/** What a template's text may name; each is replaced by the lead's field ('' if it has none). */
export const REPLY_PLACEHOLDERS = ['name', 'company', 'location', 'subject'] as const;
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A `{word}` that is no placeholder, as a pattern source: unknownPlaceholders' rule as the OpenAPI
 * document states it (the field's schema says `not` this pattern).
 */
export const UNKNOWN_PLACEHOLDER = String.raw`\{(?:${wordOutside(REPLY_PLACEHOLDERS)})\}`;

/** The `{word}`s of a template's text that are no placeholder (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  return [...new Set(names)].filter(
    (name) => !(REPLY_PLACEHOLDERS as readonly string[]).includes(name),
  );
}

/** Why a template's text is refused for naming `unknown`: the placeholders it may use instead. */
export const unknownPlaceholderRule = (unknown: string[]): string =>
  `names ${unknown.map((name) => `{${name}}`).join(', ')}, which ${unknown.length > 1 ? 'are' : 'is'} not a placeholder: use ${REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`;

export interface ReplyTemplate {
  subject: string;
  text: string;
}

export type ReplyTemplates = Record<LeadKindKey, ReplyTemplate>;

/** `GET /reply-templates`, and the answer to `PUT /reply-templates/{kind}` (all of them, after). */
export interface ReplyTemplatesResponse {
  success: true;
  templates: ReplyTemplates;
}

/** Each kind's starting text until an admin changes it; placeholders name the kind's own fields. */
export const REPLY_TEMPLATE_DEFAULTS = {
  contactUs: {
    subject: 'Re: {subject}',
    text: 'Hello {name},\n\nThank you for your message about “{subject}”.\n\n\n\nBest regards,',
  },
  keDemo: {
    subject: 'Your KE demo request',
    text: 'Hello {name},\n\nThank you for asking for a KE demo for {company}. When would suit you for a call?\n\nBest regards,',
  },
  brokerDemo: {
    subject: 'Your broker demo request',
    text: 'Hello {name},\n\nThank you for asking for a broker demo for {company}. When would suit you for a call?\n\nBest regards,',
  },
  consultation: {
    subject: 'Your consultation request',
    text: 'Hello {name},\n\nThank you for asking for a consultation in {location}. When would suit you to meet?\n\nBest regards,',
  },
} as const satisfies ReplyTemplates;

/**
 * A template with the lead's fields in place of its placeholders: the reply form's starting text.
 * Only the names in REPLY_PLACEHOLDERS are replaced; any other `{word}` stays as written.
 */
export function fillTemplate(template: ReplyTemplate, lead: object): ReplyTemplate {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      if (!(REPLY_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
      const value: unknown = Reflect.get(lead, name);
      return typeof value === 'string' ? value : '';
    });
  // The subject is a mail header: a lead's field must not bring a line break into it.
  return { subject: fill(template.subject).replace(/[\r\n]+/g, ' '), text: fill(template.text) };
}

// --- response targets -----------------------------------------------------------------------
export const RESPONSE_TARGETS_PATH = '/settings/response-targets';

/** Minutes to the first reply, per kind, until an admin changes them. */
export const RESPONSE_TARGET_DEFAULTS = {
  contactUs: 24 * 60,
  keDemo: 4 * 60,
  brokerDemo: 4 * 60,
  consultation: 8 * 60,
} as const satisfies Record<LeadKindKey, number>;

/** A target is whole minutes, from one minute to 30 days. */
export const RESPONSE_TARGET_MINUTES = { min: 1, max: 30 * 24 * 60 } as const;

export type ResponseTargets = Record<LeadKindKey, number>;

/** Body of `PUT /settings/response-targets`: one or more kinds' new targets, in minutes. */
export type ResponseTargetsRequest = Partial<ResponseTargets>;

export interface ResponseTargetsResponse {
  success: true;
  targets: ResponseTargets;
}

// --- timeline -------------------------------------------------------------------------------
export const TIMELINE_EVENT_TYPES = [
  'received',
  'read',
  'stage',
  'assign',
  'note',
  'reply',
  'archive',
  'unarchive',
  'spam',
  'not-spam',
  'merge',
  'unmerge',
  'link',
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** What each type of event says beyond who and when. */
export interface TimelineDetails {
  received: Record<string, never>;
  /** `read: false` when it was marked unread again. */
  read: { read: boolean };
  stage: { from: LeadStage; to: LeadStage };
  /** `reason: 'admin-removed'` when the owner's account was removed (and `admin` is null). */
  assign: { from: LeadAssignee; to: LeadAssignee; reason?: 'admin-removed' } & RuleAssignDetails;
  note: LeadNote;
  /** `error`: the SMTP server's first error line, while failing or failed. */
  reply: {
    id: string;
    subject: string;
    text: string;
    to: string;
    status: ReplyStatus;
    error: string | null;
  };
  archive: Record<string, never>;
  /** `reason: 'inbound'` when the lead wrote again (and `admin` is null). */
  unarchive: { reason?: 'inbound' };
  /** Held as spam: at intake (no admin) with the rules' reasons, or by an admin (`manual`). */
  spam: { reasons: SpamReason[] };
  /** An admin said it is not spam: back in the active list. */
  'not-spam': Record<string, never>;
  /**
   * Another request of the person was merged into this one (`mergeId` takes it back): its own
   * text as it arrived. Its notes, replies and other entries are on this timeline from then on.
   */
  merge: { mergeId: string; from: LeadRef; original: MergedOriginal };
  /** A merge was taken back: those leads are in their lists again, with what they had. */
  unmerge: { mergeId: string; restored: LeadRef[] };
  /** The same person's request of another kind, linked by a merge (it stays in its own inbox). */
  link: { mergeId: string; with: LeadRef };
}

export type TimelineEvent = {
  [T in TimelineEventType]: {
    /** ISO 8601. */
    at: string;
    type: T;
    /** Who did it; null for what the lead or the system did. */
    admin: AdminRef | null;
    detail: TimelineDetails[T];
  };
}[TimelineEventType];

export interface LeadTimelineResponse {
  success: true;
  /** Oldest first. */
  events: TimelineEvent[];
}

/** Another request from the same email address, in any kind. */
export interface RelatedLead {
  kind: LeadKindKey;
  id: string;
  /** ISO 8601. */
  createdAt: string;
  stage: LeadStage;
  archived: boolean;
  /** The request's own text (message, company or location), cut short. */
  summary: string;
}

export interface RelatedLeadsResponse {
  success: true;
  /** Newest first; the lead asked about is not among them. */
  related: RelatedLead[];
}

/** Paths of one kind's calls on one lead's work (the assign call is an action: leadPaths). */
export function leadWorkPaths(kind: LeadKindDescriptor) {
  const base = `/${kind.module}/${kind.resource}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    notes: (id: string) => `${one(id)}/notes`,
    note: (id: string, noteId: string) => `${one(id)}/notes/${encodeURIComponent(noteId)}`,
    reply: (id: string) => `${one(id)}/reply`,
    timeline: (id: string) => `${one(id)}/timeline`,
    related: (id: string) => `${one(id)}/related`,
  } as const;
}

export const replyTemplatePath = (kind: LeadKindKey) =>
  `${REPLY_TEMPLATES_PATH}/${encodeURIComponent(kind)}`;
