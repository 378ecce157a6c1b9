import {
  type AdminRef,
  LEAD_MOVE_TARGET,
  type LeadAction,
  type LeadListState,
  type LeadStage,
  type TimelineDetails,
  type TimelineEventType,
} from '../../contract';
import { ObjectId } from '../../database/object-id';

import { type LeadCondition } from './lead-condition';
import { assigneeOf, listOf, type LeadRecord, stageOf } from './lead-record';
import { type LeadChange } from './list-view/lead-list-cache';
import { totalsChange } from './list-view/lead-totals';
import { type TotalsDelta } from './list-view/lead-totals';

/** What a change does to each lead: sets these fields (and `each`'s, by lead id), or removes it. */
export type LeadEffect =
  { set: Partial<LeadRecord>; each?: ReadonlyMap<string, Partial<LeadRecord>> } | 'remove';

/**
 * One action as data. A new action (a stage, an owner, a spam mark) is one more row: the service,
 * the repository and the list view run every row alike, and the totals follow from the effect.
 */
export interface ActionRule {
  /** True for a lead the action changes; a lead already as the action leaves it is left alone. */
  changes(lead: LeadRecord): boolean;
  /** Why a lead makes the whole call fail, nothing changed (409); undefined when it may go on. */
  refuses?(lead: LeadRecord): string | undefined;
  /** Holds while a lead is as read: a write under it changes no lead another process changed. */
  condition: LeadCondition;
  effect(now: Date): LeadEffect;
  /** What the lead's timeline says of the change; none for a lead that goes (with its timeline). */
  event?(lead: LeadRecord): PlannedEvent;
  /** The leads it changes are notified of as new ones are (they reach the inbox only now). */
  notifies?: true;
}

/** A timeline event an action adds to each lead it changes (who did it is the caller's). */
export interface PlannedEvent {
  type: Exclude<TimelineEventType, 'received' | 'note' | 'reply'>;
  detail: Record<string, unknown>;
}

const isActive = (lead: LeadRecord) => listOf(lead) === 'active';
const isUnread = (lead: LeadRecord) => !lead.readAt;

/**
 * Archive and unarchive: into `to` from the other list. Spam is neither: a spam lead named is left
 * as it is (not-spam takes it out of Spam).
 */
const moveTo = (to: LeadListState): ActionRule => ({
  changes: (lead) => listOf(lead) === (to === 'active' ? 'archived' : 'active'),
  condition: { list: to === 'active' ? 'archived' : 'active', in: true },
  effect: (now) => ({ set: { archivedAt: to === 'archived' ? now : null } }),
  event: () => ({ type: to === 'archived' ? 'archive' : 'unarchive', detail: {} }),
});

const markRead = (read: boolean): ActionRule => ({
  changes: (lead) => isUnread(lead) === read,
  condition: { field: 'readAt', is: read ? 'unset' : 'set' },
  effect: (now) => ({ set: { readAt: read ? now : null } }),
  event: () => ({ type: 'read', detail: { read } }),
});

/** Into stage `to`, from any other; a stage never moves a lead between lists. */
const setStage = (to: LeadStage): ActionRule => ({
  changes: (lead) => stageOf(lead) !== to,
  // A lead stored before stages has none, which is other than `to`: right, as it changes only if
  // `to` is not `new` (changes() above leaves a `new` one out of the write).
  condition: { field: 'stage', not: to },
  effect: () => ({ set: { stage: to } }),
  event: (lead) => ({ type: 'stage', detail: { from: stageOf(lead), to } }),
});

/** To owner `to` (null: nobody), from any other; `reason` says why when no admin chose it. */
const assignTo = (to: AdminRef | null, reason?: OwnerChangeReason): ActionRule => {
  const id = to ? new ObjectId(to.id) : null;
  return {
    changes: (lead) => (lead.assigneeId?.toHexString() ?? null) !== (to?.id ?? null),
    // Other than nobody: any owner; other than an admin: anyone else's, or nobody's.
    condition: { field: 'assignee', not: to?.id ?? null },
    effect: () => ({ set: { assigneeId: id, assigneeEmail: to?.email ?? null } }),
    event: (lead) => ({
      type: 'assign',
      detail: { from: assigneeOf(lead), to, ...(reason ? { reason } : {}) },
    }),
  };
};

/** What an action is given besides its leads: the stage call's stage, the assign call's owner. */
export interface ActionInput {
  stage?: LeadStage;
  /** The new owner (null: clear it). */
  assignee?: AdminRef | null;
  /** Why the owner changes when it is not an admin's choice: their account was removed. */
  reason?: OwnerChangeReason;
}

export type OwnerChangeReason = NonNullable<TimelineDetails['assign']['reason']>;

/** Into Spam by an admin's hand, from either list: reason `manual`, whatever the rules said. */
const MARK_SPAM: ActionRule = {
  changes: (lead) => listOf(lead) !== 'spam',
  condition: { list: 'spam', in: false },
  effect: (now) => ({ set: { spamAt: now, spamReasons: ['manual'], archivedAt: null } }),
  event: () => ({ type: 'spam', detail: { reasons: ['manual'] } }),
};

/** Out of Spam into the active list, and notified then, as a lead that had just arrived. */
const NOT_SPAM: ActionRule = {
  changes: (lead) => listOf(lead) === 'spam',
  condition: { list: 'spam', in: true },
  effect: () => ({ set: { spamAt: null, spamReasons: [], archivedAt: null } }),
  event: () => ({ type: 'not-spam', detail: {} }),
  notifies: true,
};

const ACTIONS: Record<Exclude<LeadAction, 'stage' | 'assign'>, ActionRule> = {
  archive: moveTo(LEAD_MOVE_TARGET.archive),
  unarchive: moveTo(LEAD_MOVE_TARGET.unarchive),
  read: markRead(true),
  unread: markRead(false),
  delete: {
    changes: () => true,
    refuses: (lead) =>
      isActive(lead)
        ? `Only archived requests can be deleted; ${lead._id.toHexString()} is active. Archive it first.`
        : undefined,
    condition: { list: 'active', in: false },
    effect: () => 'remove',
  },
  spam: MARK_SPAM,
  'not-spam': NOT_SPAM,
};

/** Erasure of a person's leads (privacy): every lead named, in any state. Not an admin action. */
const ERASE: ActionRule = {
  changes: () => true,
  condition: { always: true },
  effect: () => 'remove',
};

export interface ActionPlan {
  /** The leads the action changes (those not in its state already). */
  targets: LeadRecord[];
  /** Holds while a target is as read (the write changes only those still so). */
  condition: LeadCondition;
  effect: LeadEffect;
  /** What the write does to the kept totals, and to the cached list heads. */
  delta: TotalsDelta;
  changes: LeadChange[];
  /** One per target, for its timeline. */
  events: (PlannedEvent & { leadId: string })[];
  /** Leads to notify of once the change is stored (ids). */
  notify: string[];
  /** Leads that go whose timelines and messages moved to another lead (a merge): those stay. */
  keepsAttached?: true;
}

/**
 * What an action does to the leads it names, from their stored state (read just before): a plan to
 * write, or the reason the whole call is refused.
 */
export function planAction(
  action: LeadAction,
  found: readonly LeadRecord[],
  now: Date,
  input: ActionInput = {},
): ActionPlan | { refused: string } {
  const rule = ruleOf(action, input);
  for (const lead of found) {
    const refused = rule.refuses?.(lead);
    if (refused) return { refused };
  }
  return plan(rule, found, now);
}

function ruleOf(action: LeadAction, input: ActionInput): ActionRule {
  // The DTOs require what each needs; reaching here without it is a bug of ours, not bad input.
  if (action === 'stage') {
    if (!input.stage) throw new Error('The stage action needs the wanted stage');
    return setStage(input.stage);
  }
  if (action === 'assign') {
    if (input.assignee === undefined) throw new Error('The assign action needs the owner');
    return assignTo(input.assignee, input.reason);
  }
  return ACTIONS[action];
}

/**
 * A lead's first reply was queued: when, once (a later reply keeps the first time); and a `new`
 * lead is `contacted` from then on. One write, one totals change, one timeline event, so the
 * reply's answer waits for a single change.
 */
const firstResponse = (lead: LeadRecord): ActionRule => {
  const contacts = stageOf(lead) === 'new';
  return {
    changes: (l) => !l.firstResponseAt,
    // Unset: also on a lead stored before the field existed.
    condition: { field: 'firstResponseAt', is: 'unset' },
    effect: (now) => ({
      set: { firstResponseAt: now, ...(contacts ? { stage: 'contacted' as const } : {}) },
    }),
    ...(contacts
      ? { event: (): PlannedEvent => ({ type: 'stage', detail: { from: 'new', to: 'contacted' } }) }
      : {}),
  };
};

/** Recording the first reply to a lead (read just before); the reply is on its timeline. */
export function planFirstResponse(lead: LeadRecord, now: Date): ActionPlan {
  return plan(firstResponse(lead), [lead], now);
}

/**
 * The lead wrote (a message kept on it, not an automatic one): unread again, waiting on us since
 * `at` (an open wait keeps its start; a `new` lead's began at its arrival), and back from the archive (timeline: unarchive, reason
 * inbound). Its stage stays (a won or lost lead shows "wrote again"); spam stays spam.
 */
export function planInbound(lead: LeadRecord, at: Date): ActionPlan {
  const archived = listOf(lead) === 'archived';
  const rule: ActionRule = {
    changes: (l) =>
      listOf(l) !== 'spam' && (Boolean(l.readAt) || !l.awaitingReplySince || archived),
    condition: { list: 'spam', in: false },
    effect: () => ({
      set: {
        readAt: null,
        // A `new` lead has waited since it arrived; any other since this message.
        awaitingReplySince:
          lead.awaitingReplySince ?? (stageOf(lead) === 'new' ? lead.createdAt : at),
        ...(archived ? { archivedAt: null } : {}),
      },
    }),
    ...(archived
      ? { event: (): PlannedEvent => ({ type: 'unarchive', detail: { reason: 'inbound' } }) }
      : {}),
  };
  return plan(rule, [lead], at);
}

/** Our reply went out: the lead's open wait is over. */
export function planReplied(lead: LeadRecord, at: Date): ActionPlan {
  const rule: ActionRule = {
    changes: (l) => Boolean(l.awaitingReplySince),
    condition: { field: 'awaitingReplySince', is: 'set' },
    effect: () => ({ set: { awaitingReplySince: null } }),
  };
  return plan(rule, [lead], at);
}

/** Erasing a person's leads, as read just before. */
export function planErasure(found: readonly LeadRecord[], now: Date): ActionPlan {
  return plan(ERASE, found, now);
}

/** Leads merged into another (as read just before): they go, what they had stays (moved). */
export function planMergedAway(found: readonly LeadRecord[], now: Date): ActionPlan {
  return { ...plan(ERASE, found, now), keepsAttached: true };
}

/**
 * Deleting leads past their retention, as read just before: only those still past it when written
 * (`condition`: another process may have moved one back in between).
 */
export function planExpiry(
  found: readonly LeadRecord[],
  now: Date,
  condition: LeadCondition,
): ActionPlan {
  return plan({ ...ERASE, condition }, found, now);
}

export function plan(rule: ActionRule, found: readonly LeadRecord[], now: Date): ActionPlan {
  const targets = found.filter((lead) => rule.changes(lead));
  const effect = rule.effect(now);
  const after =
    effect === 'remove' ? [] : targets.map((lead) => ({ ...lead, ...effect.set, updatedAt: now }));
  return {
    targets,
    condition: rule.condition,
    effect: effect === 'remove' ? effect : { set: { ...effect.set, updatedAt: now } },
    delta: totalsChange(targets, after),
    changes:
      effect === 'remove'
        ? targets.map((lead) => ({ remove: lead._id.toHexString() }))
        : after.map((lead) => ({ upsert: lead })),
    events: targets.flatMap((lead) => {
      const event = rule.event?.(lead);
      return event ? [{ leadId: lead._id.toHexString(), ...event }] : [];
    }),
    notify: rule.notifies ? targets.map((lead) => lead._id.toHexString()) : [],
  };
}
