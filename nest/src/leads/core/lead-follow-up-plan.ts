import { type ActionPlan, plan } from './lead-action-plan';
import { type LeadRecord } from './lead-record';

const same = (a: Date | null | undefined, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * An admin sets the lead's follow-up (`at`), or clears it (null): while one is set the lead is
 * out of Needs reply (the kept `snoozed` total follows from the effect, as every total does).
 */
export function planFollowUp(lead: LeadRecord, at: Date | null, now: Date): ActionPlan {
  return plan(
    {
      changes: (l) => !same(l.followUpAt, at),
      condition: { field: 'followUpAt', was: lead.followUpAt ?? null },
      effect: () => ({ set: { followUpAt: at } }),
      event: () => ({ type: 'follow-up', detail: { at: at?.toISOString() ?? null } }),
    },
    [lead],
    now,
  );
}

/**
 * The follow-up `at` came: the lead is back in Needs reply, and unread, so its owner's live
 * dashboard shows it as a lead that wrote again does. Only while that follow-up is still the one
 * set: one cleared or moved since changes nothing.
 */
export function planFollowUpDue(lead: LeadRecord, at: Date, now: Date): ActionPlan {
  return plan(
    {
      changes: (l) => same(l.followUpAt, at),
      condition: { field: 'followUpAt', was: at },
      effect: () => ({ set: { followUpAt: null, readAt: null } }),
      event: () => ({ type: 'follow-up', detail: { at: at.toISOString(), reason: 'due' } }),
    },
    [lead],
    now,
  );
}
