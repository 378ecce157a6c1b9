import { addBusinessMs } from '../../calendar/business-time';
import {
  type AdminRef,
  type BusinessHours,
  type Lead,
  type LeadKind,
  type LeadKindKey,
  leadFields,
  type LeadList,
  type LeadStage,
  RESPONSE_TARGET_DEFAULTS,
  type SpamReason,
} from '../../contract';
import { type ObjectId } from '../../database/object-id';
import { type ProofVerdict } from '../intake/proof-verdict';

import { sourceOf, type StoredLeadSource } from './lead-source';

/** A stored lead as the driver returns it: the shared paths plus the kind's own string fields. */
export interface LeadRecord {
  _id: ObjectId;
  name: string;
  email: string;
  phone_number: string;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  /** Search words (lead-words.ts), in the engine's form; absent until given (intake, start-up). */
  words?: string[];
  wordText?: string;
  /** The WORDS_VERSION of `words` / `wordText`; absent on words made before versions. */
  wordsVersion?: number;
  wordTextVersion?: number;
  /** Absent on leads stored before read marks existed: unread. */
  readAt?: Date | null;
  /** Absent on leads stored before stages existed: `new` (stageOf()). */
  stage?: LeadStage;
  /** The owner (absent on leads stored before owners: nobody's). The email is kept beside the id
   * so that a list answer names owners without a read of the admins. */
  assigneeId?: ObjectId | null;
  assigneeEmail?: string | null;
  /**
   * Why the assignment rule left it without an owner (AssignmentWaitReason), while it waits; or
   * RULE_PENDING: stored while its kind's rule was on, which has not looked at it yet.
   */
  assignWaiting?: string | null;
  /**
   * The `assign` the kind's rule made as the lead arrived (decision 0043): kept in the lead's own
   * insert, and shown in its timeline right after `received`, so an arrival writes no timeline.
   */
  ruleAtArrival?: Record<string, unknown>;
  /** What the intake's proof of work said of the submission (absent on leads from before it). */
  proof?: ProofVerdict['status'];
  /** When the first reply was queued; absent or null until then. */
  firstResponseAt?: Date | null;
  /** When its open wait began (it wrote after our last reply); absent or null: none open. */
  awaitingReplySince?: Date | null;
  /** An admin's follow-up: out of Needs reply until then; absent or null: none set. */
  followUpAt?: Date | null;
  /** The first touch of the visit that brought it; absent when none was sent. */
  source?: StoredLeadSource | null;
  /** When it was held as spam; absent (stored before spam) or null when it is not spam. */
  spamAt?: Date | null;
  /** Why, while it is spam (absent on leads stored before spam). */
  spamReasons?: SpamReason[];
  [field: string]: unknown;
}

/**
 * `assignWaiting` of a lead the intake stored while its kind's assignment rule was on, until the
 * rule's round has looked at it (decision 0041): a process that stops before that round leaves it
 * for the sweep of any other, or its own next start.
 */
export const RULE_PENDING = 'pending';

/** The one list a lead is in: spam whatever else it says, else by its archive mark. */
export function listOf(record: LeadRecord): LeadList {
  if (record.spamAt) return 'spam';
  return record.archivedAt === null ? 'active' : 'archived';
}

/** A lead's stage: one stored before stages existed is `new`, as it was when it arrived. */
export const stageOf = (record: LeadRecord): LeadStage => record.stage ?? 'new';

/** A lead's owner as the contract names one. */
export function assigneeOf(record: LeadRecord): AdminRef | null {
  return record.assigneeId && record.assigneeEmail
    ? { id: record.assigneeId.toHexString(), email: record.assigneeEmail }
    : null;
}

/**
 * What a lead's due time is read against: its kind's response target, the team calendar it counts
 * in (none: every hour, the default), and the time now.
 */
export interface DueClock {
  targetMinutes: number;
  calendar?: BusinessHours | null;
  now: Date;
}

/**
 * When our answer to a lead is due, and whether that time has passed while it waits: the target
 * counts from the open wait's start (it wrote after our reply), else from its arrival, so it
 * applies to each wait, in business time when there is a calendar. An active lead waits on us
 * while it is `new` or has an open wait.
 */
export function dueOf(record: LeadRecord, clock: DueClock): { dueAt: Date; overdue: boolean } {
  const since = record.awaitingReplySince ?? record.createdAt;
  const dueAt = new Date(
    addBusinessMs(since.getTime(), clock.targetMinutes * 60_000, clock.calendar),
  );
  return { dueAt, overdue: waitsOnUs(record) && dueAt.getTime() < clock.now.getTime() };
}

/** Active and either `new` or with an open wait: what "Needs reply" holds. */
export const waitsOnUs = (record: LeadRecord): boolean =>
  listOf(record) === 'active' && (stageOf(record) === 'new' || Boolean(record.awaitingReplySince));

/** Waits on us but put off until a follow-up: out of "Needs reply" until it comes. */
export const snoozed = (record: LeadRecord): boolean =>
  waitsOnUs(record) && Boolean(record.followUpAt);

/**
 * The one conversion from a stored document to the contract's Lead (ISO dates, hex id, the kind's
 * fields as text). The service's answers and the notification worker's payloads both come from here.
 */
export function toLead<K extends LeadKindKey>(
  kind: LeadKind<K>,
  record: LeadRecord,
  clock: DueClock = { targetMinutes: RESPONSE_TARGET_DEFAULTS[kind.key], now: new Date() },
  otherRequests = 0,
): Lead<K> {
  const { dueAt, overdue } = dueOf(record, clock);
  const fields = Object.fromEntries(
    leadFields(kind).map((f) => [f, typeof record[f] === 'string' ? record[f] : '']),
  );
  // The kind's fields are known only at run time (from its descriptor): the one cast of a record.
  return {
    ...fields,
    _id: record._id.toHexString(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    archivedAt: record.archivedAt ? record.archivedAt.toISOString() : null,
    readAt: record.readAt ? record.readAt.toISOString() : null,
    stage: stageOf(record),
    assignee: assigneeOf(record),
    firstResponseAt: record.firstResponseAt ? record.firstResponseAt.toISOString() : null,
    dueAt: dueAt.toISOString(),
    overdue,
    awaitingReplySince: record.awaitingReplySince?.toISOString() ?? null,
    wroteAgain: Boolean(record.awaitingReplySince && record.firstResponseAt),
    followUpAt: record.followUpAt?.toISOString() ?? null,
    source: sourceOf(record.source),
    otherRequests,
    spamAt: record.spamAt ? record.spamAt.toISOString() : null,
    spamReasons: record.spamAt ? (record.spamReasons ?? []) : [],
  } as Lead<K>;
}
