import {
  type ActiveAssignmentRule,
  type AdminRef,
  type AssignmentWaitReason,
} from '../../contract';
import { ObjectId } from '../../database/object-id';

import { type ActionPlan, plan, type PlannedEvent } from './lead-action-plan';
import { type ArrivalOwner, type RuleArrival } from './lead-events';
import { type LeadRecord, RULE_PENDING } from './lead-record';
import { totalsChange } from './list-view/lead-totals';

/**
 * What a kind's rule decided for one lead it looked at (active and nobody's, read just before):
 * its owner, or nobody, with why (null: the rule has nobody to choose from at all).
 */
export type RuleDecision =
  { lead: LeadRecord; to: AdminRef } | { lead: LeadRecord; waiting: AssignmentWaitReason | null };

/**
 * A rule's round as one plan: each lead given its owner (timeline: `assign`, `by: 'rule'`, the
 * rule), or left nobody's marked with why (its timeline says so once per reason; the sweep gives
 * it an owner when someone is back), and the mark of a lead that waited for the rule cleared. Only
 * while each is still active and nobody's, so a lead an admin took or moved meanwhile is left alone.
 */
export function planRuleRound(
  decisions: readonly RuleDecision[],
  rule: ActiveAssignmentRule,
  now: Date,
): ActionPlan {
  const changed = decisions.filter((d) =>
    'to' in d ? !d.lead.assigneeId : (d.lead.assignWaiting ?? null) !== d.waiting,
  );
  const each = new Map(
    changed.map((d): [string, Partial<LeadRecord>] => [
      d.lead._id.toHexString(),
      'to' in d ? ownedBy(d.to) : { assignWaiting: d.waiting },
    ]),
  );
  const targets = changed.map((d) => d.lead);
  const after = targets.map((lead) => ({
    ...lead,
    ...each.get(lead._id.toHexString()),
    updatedAt: now,
  }));
  return {
    targets,
    condition: { unownedIn: 'active' },
    effect: { set: { updatedAt: now }, each },
    delta: totalsChange(targets, after),
    changes: after.map((lead) => ({ upsert: lead })),
    events: changed.flatMap((d) => {
      const event = ruleEvent({ ...d, rule });
      return event ? [{ leadId: d.lead._id.toHexString(), ...event }] : [];
    }),
    notify: [],
  };
}

type OwnerFields = Pick<
  LeadRecord,
  'assigneeId' | 'assigneeEmail' | 'assignWaiting' | 'ruleAtArrival'
>;

const ownedBy = (admin: AdminRef): OwnerFields => ({
  assigneeId: new ObjectId(admin.id),
  assigneeEmail: admin.email,
  assignWaiting: null,
});

/** What an arriving lead is stored with for what its kind's rule decided (decision 0043). */
export function ownerFields(owner: ArrivalOwner | undefined): OwnerFields {
  if (!owner) return {};
  if ('pending' in owner) return { assignWaiting: RULE_PENDING };
  // The rule's `assign` goes with the lead, not into a timeline of its own (a second write).
  const event = ruleEvent(owner);
  const told = event ? { ruleAtArrival: event.detail } : {};
  if ('to' in owner) return { ...ownedBy(owner.to), ...told };
  return owner.waiting ? { assignWaiting: owner.waiting, ...told } : {};
}

/** The timeline's `assign` of a rule's decision; none when the rule had nobody at all. */
export function ruleEvent(decision: RuleArrival): PlannedEvent | null {
  const rule = decision.rule;
  if ('to' in decision)
    return { type: 'assign', detail: { from: null, to: decision.to, by: 'rule', rule } };
  if (!decision.waiting) return null;
  return {
    type: 'assign',
    detail: { from: null, to: null, by: 'rule', rule, waiting: decision.waiting },
  };
}

/** Leads no longer waiting for the rule (they have an owner, left the active list, or the rule is off). */
export function planWaitingOver(leads: readonly LeadRecord[], now: Date): ActionPlan {
  return plan(
    {
      changes: (l) => Boolean(l.assignWaiting),
      condition: { always: true },
      effect: () => ({ set: { assignWaiting: null } }),
    },
    leads,
    now,
  );
}
