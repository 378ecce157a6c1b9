import {
  LEAD_KIND_KEYS,
  type Lead,
  type LeadKindKey,
  type LeadList,
  type QueueSort,
} from '../../contract';
import { ObjectId } from '../../database/object-id';
import { compareInList, SORT_KEYS, type SortValue } from '../core/lead-order';

/** A lead of the queue with its kind. */
export interface KindLead {
  kind: LeadKindKey;
  lead: Lead;
}

/** A lead's position in its kind's list (its sort keys' values), as a kind's cursor names one. */
export function positionOf(list: LeadList, lead: Lead): SortValue[] {
  return SORT_KEYS[list].map((key) =>
    key === '_id' ? new ObjectId(lead._id) : new Date(Reflect.get(lead, key) as string),
  );
}

const time = (iso: string) => Date.parse(iso);

/**
 * The queue's order across kinds: each kind's own list order (the list's keys, newest or oldest
 * first), or due soonest; ties go to the contract's order of kinds, so every lead has one place.
 */
export function queueOrder(sort: QueueSort, list: LeadList): (a: KindLead, b: KindLead) => number {
  const byKind = (a: KindLead, b: KindLead) =>
    LEAD_KIND_KEYS.indexOf(a.kind) - LEAD_KIND_KEYS.indexOf(b.kind);
  const inList = (a: KindLead, b: KindLead) =>
    compareInList(list, positionOf(list, a.lead), positionOf(list, b.lead));
  if (sort === 'newest') return (a, b) => inList(a, b) || byKind(a, b);
  if (sort === 'oldest') return (a, b) => -inList(a, b) || byKind(a, b);
  return (a, b) =>
    time(a.lead.dueAt) - time(b.lead.dueAt) ||
    time(a.lead.createdAt) - time(b.lead.createdAt) ||
    byKind(a, b);
}

/**
 * Merges the kinds' pages, each in the queue's order, into one of at most `limit` leads: always
 * the first lead left of some kind's page, so what is taken of each kind is a start of its page and
 * its position moves to the last one taken (nothing skipped, nothing twice, however pages end).
 */
export function mergePages(
  pages: readonly { kind: LeadKindKey; leads: readonly Lead[] }[],
  limit: number,
  order: (a: KindLead, b: KindLead) => number,
): KindLead[] {
  const next = pages.map(() => 0);
  const merged: KindLead[] = [];
  while (merged.length < limit) {
    let best = -1;
    for (const [i, page] of pages.entries()) {
      const lead = page.leads[next[i] as number];
      if (!lead) continue;
      const bestPage = pages[best];
      const candidate = { kind: page.kind, lead };
      if (
        !bestPage ||
        order(candidate, {
          kind: bestPage.kind,
          lead: bestPage.leads[next[best] as number] as Lead,
        }) < 0
      )
        best = i;
    }
    const page = pages[best];
    if (!page) break;
    merged.push({ kind: page.kind, lead: page.leads[next[best] as number] as Lead });
    next[best] = (next[best] as number) + 1;
  }
  return merged;
}
