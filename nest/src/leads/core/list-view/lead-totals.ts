import { type LeadTotals } from '../../../contract';
import { type LeadRecord } from '../lead-record';

/**
 * The totals one stored lead counts in: what the kept totals stand for (the repository's count
 * asks the same with queries). A change's effect on the totals is the difference of its leads'
 * counts before and after, so no change has to know which totals it touches.
 */
export function countedIn(lead: LeadRecord): LeadTotals {
  const active = lead.archivedAt === null;
  return {
    active: active ? 1 : 0,
    archived: active ? 0 : 1,
    unread: active && !lead.readAt ? 1 : 0,
  };
}

/** How the totals change when the leads `before` become the leads `after` (a removed lead: none). */
export function totalsChange(
  before: readonly LeadRecord[],
  after: readonly LeadRecord[],
): LeadTotals {
  const sum = (leads: readonly LeadRecord[]) =>
    leads.map(countedIn).reduce(
      (total, one) => ({
        active: total.active + one.active,
        archived: total.archived + one.archived,
        unread: total.unread + one.unread,
      }),
      { active: 0, archived: 0, unread: 0 },
    );
  const [was, is] = [sum(before), sum(after)];
  return {
    active: is.active - was.active,
    archived: is.archived - was.archived,
    unread: is.unread - was.unread,
  };
}

export const sameTotals = (a: LeadTotals, b: LeadTotals): boolean =>
  a.active === b.active && a.archived === b.archived && a.unread === b.unread;
