import {
  type ActiveAssignmentRule,
  type AdminRef,
  type AssignmentWaitReason,
} from '../../contract';
import { ObjectId } from '../../database/object-id';

import { type ActionPlan, plan } from './lead-action-plan';
import { type LeadRecord } from './lead-record';

/**
 * A lead given an owner by a kind's assignment rule (read just before): only while it is still
 * active and nobody's, so a lead an admin took or moved meanwhile is left alone. The timeline
 * says `assign`, `by: 'rule'`, and the rule.
 */
export function planRuleAssignment(
  lead: LeadRecord,
  to: AdminRef,
  rule: ActiveAssignmentRule,
  now: Date,
): ActionPlan {
  return plan(
    {
      changes: (l) => !l.assigneeId,
      condition: { unownedIn: 'active' },
      effect: () => ({
        set: { assigneeId: new ObjectId(to.id), assigneeEmail: to.email, assignWaiting: null },
      }),
      event: () => ({ type: 'assign', detail: { from: null, to, by: 'rule', rule } }),
    },
    [lead],
    now,
  );
}

/**
 * The rule found nobody available for a lead: it stays nobody's, marked with why (the sweep gives
 * it an owner when someone is back), and its timeline says so once per reason.
 */
export function planAssignmentWaiting(
  lead: LeadRecord,
  reason: AssignmentWaitReason,
  rule: ActiveAssignmentRule,
  now: Date,
): ActionPlan {
  return plan(
    {
      changes: (l) => !l.assigneeId && l.assignWaiting !== reason,
      condition: { unownedIn: 'active' },
      effect: () => ({ set: { assignWaiting: reason } }),
      event: () => ({
        type: 'assign',
        detail: { from: null, to: null, by: 'rule', rule, waiting: reason },
      }),
    },
    [lead],
    now,
  );
}

/** A lead no longer waiting for the rule (it has an owner, or left the active list). */
export function planWaitingOver(lead: LeadRecord, now: Date): ActionPlan {
  return plan(
    {
      changes: (l) => Boolean(l.assignWaiting),
      condition: { always: true },
      effect: () => ({ set: { assignWaiting: null } }),
    },
    [lead],
    now,
  );
}
