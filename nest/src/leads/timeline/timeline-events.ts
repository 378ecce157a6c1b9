import {
  type ActiveAssignmentRule,
  type AdminRef,
  ASSIGNMENT_RULES,
  ASSIGNMENT_WAIT_REASONS,
  type AssignmentWaitReason,
  isLeadKindKey,
  isLeadStage,
  type LeadRef,
  type LeadAssignee,
  type LeadStage,
  type MergedOriginal,
  type ReplyStatus,
  SPAM_REASONS,
  type SpamReason,
  type TimelineEvent,
} from '../../contract';

import { type StoredEvent } from './lead-timeline.schema';

/** Where a reply's delivery stands, as its outbox entry says. */
export interface ReplyDelivery {
  status: ReplyStatus;
  error: string | null;
}

/**
 * A lead's timeline as the contract shows it, oldest first: `received` (the lead's arrival, not
 * stored) and the rule's `assign` made as it arrived (kept in the lead, decision 0043), then the
 * stored events, each reply with its delivery as `deliveryOf` finds it.
 */
export function toTimelineEvents(
  lead: Pick<StoredEvent, '_id'> & { createdAt: Date; ruleAtArrival?: Record<string, unknown> },
  stored: readonly StoredEvent[],
  deliveryOf: (replyId: string) => ReplyDelivery | undefined = () => undefined,
): TimelineEvent[] {
  const received: TimelineEvent = {
    at: lead.createdAt.toISOString(),
    type: 'received',
    admin: null,
    detail: {},
  };
  const atArrival: StoredEvent[] = lead.ruleAtArrival
    ? [
        {
          _id: lead._id,
          at: lead.createdAt,
          type: 'assign',
          adminId: null,
          adminEmail: null,
          detail: lead.ruleAtArrival,
        },
      ]
    : [];
  return [
    received,
    ...[...atArrival, ...stored].map((event) => toTimelineEvent(event, deliveryOf)),
  ];
}

function toTimelineEvent(
  event: StoredEvent,
  deliveryOf: (replyId: string) => ReplyDelivery | undefined,
): TimelineEvent {
  const at = event.at.toISOString();
  const admin: AdminRef | null =
    event.adminId && event.adminEmail
      ? { id: event.adminId.toHexString(), email: event.adminEmail }
      : null;
  const d = event.detail;
  switch (event.type) {
    case 'read':
      return { at, type: 'read', admin, detail: { read: d.read !== false } };
    case 'stage':
      return {
        at,
        type: 'stage',
        admin,
        detail: { from: stageIn(d.from), to: stageIn(d.to) },
      };
    case 'assign':
      return {
        at,
        type: 'assign',
        admin,
        detail: {
          from: assigneeIn(d.from),
          to: assigneeIn(d.to),
          ...(d.reason === 'admin-removed' ? { reason: 'admin-removed' as const } : {}),
          ...ruleIn(d),
        },
      };
    case 'note':
      return {
        at,
        type: 'note',
        admin,
        detail: {
          id: event._id.toHexString(),
          text: text(d.text),
          admin: admin ?? { id: '', email: '' },
          at,
        },
      };
    case 'reply': {
      const id = text(d.id);
      const delivery = deliveryOf(id) ?? { status: 'queued', error: null };
      return {
        at,
        type: 'reply',
        admin,
        detail: { id, subject: text(d.subject), text: text(d.text), to: text(d.to), ...delivery },
      };
    }
    case 'unarchive':
      return {
        at,
        type: 'unarchive',
        admin,
        detail: d.reason === 'inbound' ? { reason: 'inbound' as const } : {},
      };
    case 'archive':
    case 'not-spam':
      return { at, type: event.type, admin, detail: {} };
    case 'spam':
      return { at, type: 'spam', admin, detail: { reasons: spamReasonsIn(d.reasons) } };
    case 'merge':
      return {
        at,
        type: 'merge',
        admin,
        detail: { mergeId: text(d.mergeId), from: leadRefIn(d.from), original: originalIn(d) },
      };
    case 'unmerge':
      return {
        at,
        type: 'unmerge',
        admin,
        detail: {
          mergeId: text(d.mergeId),
          restored: Array.isArray(d.restored) ? d.restored.map(leadRefIn) : [],
        },
      };
    case 'link':
      return {
        at,
        type: 'link',
        admin,
        detail: { mergeId: text(d.mergeId), with: leadRefIn(d.with) },
      };
    case 'follow-up':
      return {
        at,
        type: 'follow-up',
        admin,
        detail: {
          at: typeof d.at === 'string' ? d.at : null,
          ...(d.reason === 'due' ? { reason: 'due' as const } : {}),
        },
      };
  }
}

/** A lead named in an event's detail (kind and id as stored). */
function leadRefIn(value: unknown): LeadRef {
  const kind: unknown = value && typeof value === 'object' ? Reflect.get(value, 'kind') : null;
  const id: unknown = value && typeof value === 'object' ? Reflect.get(value, 'id') : null;
  return { kind: isLeadKindKey(kind) ? kind : 'contactUs', id: text(id) };
}

/** A merged request's text as a merge event keeps it. */
function originalIn(detail: Record<string, unknown>): MergedOriginal {
  const o: unknown = detail.original;
  const get = (name: string): unknown =>
    o && typeof o === 'object' ? Reflect.get(o, name) : undefined;
  const fields = get('fields');
  const createdAt = get('createdAt');
  return {
    createdAt: createdAt instanceof Date ? createdAt.toISOString() : text(createdAt),
    name: text(get('name')),
    email: text(get('email')),
    phone_number: text(get('phone_number')),
    fields:
      fields && typeof fields === 'object'
        ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, text(v)]))
        : {},
  };
}

const stageIn = (value: unknown): LeadStage => (isLeadStage(value) ? value : 'new');

const spamReasonsIn = (value: unknown): SpamReason[] =>
  Array.isArray(value)
    ? value.filter((r): r is SpamReason => (SPAM_REASONS as readonly unknown[]).includes(r))
    : [];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An owner as stored in an assign event's detail (an AdminRef, or null). */
function assigneeIn(value: unknown): LeadAssignee {
  if (typeof value !== 'object' || value === null) return null;
  const id: unknown = Reflect.get(value, 'id');
  const email: unknown = Reflect.get(value, 'email');
  return typeof id === 'string' && typeof email === 'string' ? { id, email } : null;
}

/** Who chose an owner when a kind's rule did: `by: 'rule'`, its name, and why it found nobody. */
function ruleIn(d: Record<string, unknown>): {
  by?: 'rule';
  rule?: ActiveAssignmentRule;
  waiting?: AssignmentWaitReason;
} {
  if (d.by !== 'rule') return {};
  const rule = ASSIGNMENT_RULES.find((name) => name !== 'off' && name === d.rule);
  const waiting = Object.keys(ASSIGNMENT_WAIT_REASONS).find((reason) => reason === d.waiting);
  return {
    by: 'rule',
    ...(rule && rule !== 'off' ? { rule } : {}),
    ...(waiting ? { waiting: waiting as AssignmentWaitReason } : {}),
  };
}
