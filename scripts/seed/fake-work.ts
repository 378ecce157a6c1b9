import { ObjectId } from 'mongodb';

import {
  type LeadKindDescriptor,
  type LeadStage,
  RESPONSE_TARGET_DEFAULTS,
} from '../../nest/src/contract';

import { note, replyText } from './boat-words';
import { float, int, pick } from './random';

const MINUTE = 60_000;

/** An admin who can own leads and write notes, as the `admins` collection holds them. */
export interface SeedAdmin {
  _id: ObjectId;
  email: string;
}

/** The share of active leads left waiting past their due time: about a third of all leads. */
export const OVERDUE_SHARE = 0.36;
/** The share of active leads that are new and still within their target. */
const FRESH_SHARE = 0.14;
/** Where an answered lead went next, most often first. */
const ANSWERED_STAGES: LeadStage[] = [
  'contacted',
  'contacted',
  'contacted',
  'qualified',
  'qualified',
  'won',
  'lost',
];

interface SeedLead {
  _id: ObjectId;
  name: string;
  email: string;
  subject?: string;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  readAt: Date | null;
}

const between = (from: number, to: number) => new Date(int(Math.round(from), Math.round(to)));

/**
 * What the team did with a seeded lead, made up: about a third waiting past their due time, a few
 * new and within it, the rest answered, each with a stage, most with an owner, most of those with
 * the owner's first reply (sent) and some with a note. Returns the lead's new fields (its arrival
 * may move, so its due time falls where its roll says), its timeline as the API stores it
 * (lead_timelines) or null when nothing happened to it, and its replies' deliveries as the outbox
 * keeps them once sent (lead_notifications).
 */
export function fakeWork<L extends SeedLead>(
  kind: LeadKindDescriptor,
  lead: L,
  admins: readonly SeedAdmin[],
  now = Date.now(),
) {
  const target = RESPONSE_TARGET_DEFAULTS[kind.key] * MINUTE;
  const owner = admins.length > 0 ? pick(admins) : null;
  const roll = float();
  const answered = lead.archivedAt !== null || roll >= OVERDUE_SHARE + FRESH_SHARE;
  if (!answered) {
    const createdAt =
      roll < OVERDUE_SHARE
        ? // Past its due time: between half an hour and a few days late.
          lead.createdAt.getTime() < now - target - 30 * MINUTE
          ? lead.createdAt
          : between(now - target - 5 * 24 * 60 * MINUTE, now - target - 30 * MINUTE)
        : between(now - target * 0.9, now - MINUTE);
    // Some waiting leads were taken by someone who has not answered yet.
    const taken = owner && float() < 0.3 ? owner : null;
    const work = {
      ...lead,
      createdAt,
      updatedAt: createdAt,
      stage: 'new' as LeadStage,
      assigneeId: taken?._id ?? null,
      assigneeEmail: taken?.email ?? null,
      firstResponseAt: null,
    };
    const events = taken ? [assignEvent(between(createdAt.getTime(), now), taken)] : [];
    return { lead: work, timeline: timelineOf(kind, lead._id, events), deliveries: [] };
  }
  const end = Math.min(now, lead.archivedAt?.getTime() ?? now);
  const firstResponseAt = between(
    lead.createdAt.getTime() + 5 * MINUTE,
    Math.max(
      lead.createdAt.getTime() + 5 * MINUTE,
      Math.min(end, lead.createdAt.getTime() + target),
    ),
  );
  const stage = pick(ANSWERED_STAGES);
  const taken = owner && float() < 0.85 ? owner : null;
  const events: StoredEvent[] = [];
  if (taken) events.push(assignEvent(new Date(firstResponseAt.getTime() - MINUTE), taken));
  events.push({
    ...eventBase(firstResponseAt, taken),
    type: 'stage',
    detail: { from: 'new', to: stage },
  });
  const firstName = lead.name.split(' ')[0] ?? lead.name;
  const reply =
    taken && float() < 0.8 ? replyEvent(kind, lead, firstName, firstResponseAt, taken) : null;
  if (reply) events.push(reply.event);
  if (taken && float() < 0.5)
    events.push({
      ...eventBase(new Date(firstResponseAt.getTime() + 10 * MINUTE), taken),
      type: 'note',
      detail: { text: note(firstName) },
    });
  const work = {
    ...lead,
    readAt: lead.readAt ?? lead.createdAt,
    stage,
    assigneeId: taken?._id ?? null,
    assigneeEmail: taken?.email ?? null,
    firstResponseAt,
  };
  return {
    lead: work,
    timeline: timelineOf(kind, lead._id, events),
    deliveries: reply ? [reply.delivery] : [],
  };
}

/** The owner's first reply, as the API stores a sent one: its event and its settled delivery. */
function replyEvent(
  kind: LeadKindDescriptor,
  lead: SeedLead,
  firstName: string,
  at: Date,
  admin: SeedAdmin,
) {
  const base = eventBase(at, admin);
  const id = base._id.toHexString();
  const event: StoredEvent = {
    ...base,
    type: 'reply',
    detail: {
      id,
      subject: `Re: ${lead.subject ?? 'your request'}`,
      text: replyText(firstName, admin.email.split('@')[0] ?? ''),
      to: lead.email,
      messageId: `<reply.${id}@${admin.email.split('@')[1] ?? 'localhost'}>`,
    },
  };
  const sentAt = new Date(at.getTime() + 2_000);
  const delivery = {
    _id: base._id,
    channel: 'reply',
    kind: kind.key,
    leadId: lead._id.toHexString(),
    status: 'sent',
    attempts: 1,
    nextAttemptAt: at,
    lockedUntil: new Date(0),
    lastError: null,
    sentAt,
    createdAt: at,
    updatedAt: sentAt,
  };
  return { event, delivery };
}

interface StoredEvent {
  _id: ObjectId;
  at: Date;
  type: 'assign' | 'stage' | 'note' | 'reply';
  adminId: ObjectId | null;
  adminEmail: string | null;
  detail: Record<string, unknown>;
}

const eventBase = (at: Date, admin: SeedAdmin | null) => ({
  _id: new ObjectId(),
  at,
  adminId: admin?._id ?? null,
  adminEmail: admin?.email ?? null,
});

const assignEvent = (at: Date, admin: SeedAdmin): StoredEvent => ({
  ...eventBase(at, admin),
  type: 'assign',
  detail: { from: null, to: { id: admin._id.toHexString(), email: admin.email } },
});

const timelineOf = (kind: LeadKindDescriptor, _id: ObjectId, events: StoredEvent[]) =>
  events.length > 0 ? { _id, kind: kind.key, events } : null;
