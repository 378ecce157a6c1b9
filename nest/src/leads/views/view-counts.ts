import { Injectable } from '@nestjs/common';

import { LEAD_KIND_KEYS, type LeadKindKey, type ViewQuery } from '../../contract';
import { everyKindTotals } from '../core/every-kind-totals';
import { LeadKinds } from '../core/lead-kinds';
import { currentScope, type LeadScope, UNASSIGNED_KEY } from '../core/lead-scope';
import {
  type KeptTotals,
  keptTotalsOf,
  totalsOfOwners,
  type TotalsSnapshot,
} from '../core/list-view/lead-totals';

/**
 * Whose leads a view counts within a scope: every owner's (undefined: the kind's own totals) or
 * these owners' kept totals' keys. `owner=me` is the viewer's; an owner outside the scope, none.
 */
export function countedOwners(
  scope: LeadScope,
  owner: string | undefined,
  viewerId: string | undefined,
): readonly string[] | undefined {
  const seen = scope.see === 'all' ? undefined : scope.see === 'none' ? [] : scope.owners;
  if (owner === undefined || owner === 'anyone') return seen;
  const key = owner === 'nobody' ? UNASSIGNED_KEY : owner === 'me' ? viewerId : owner.toLowerCase();
  if (!key) return [];
  return !seen || seen.includes(key) ? [key] : [];
}

/**
 * What a view's list holds of one kind, from the kept totals alone, or null where they cannot
 * say: a words search; stages outside the inbox (kept for the inbox only) or with a wait; needs
 * reply with overdue (the overdue count holds leads put off by a follow-up, needs reply does not).
 * `overdue` is the kind's kept overdue count of the same owners, asked only when the view needs it.
 */
export function keptCount(
  query: ViewQuery,
  totals: KeptTotals,
  overdue: () => Promise<number>,
): Promise<number | null> | number | null {
  if (query.q) return null;
  const list = query.archived ? 'archived' : query.spam ? 'spam' : 'active';
  const waiting = Boolean(query.needsReply) || query.sort === 'due';
  const stages = [...new Set(query.stage ?? [])];
  if (stages.length && (list !== 'active' || waiting || query.overdue)) return null;
  if (query.overdue) return waiting ? null : overdue();
  if (waiting) return totals.new + totals.waiting - totals.snoozed;
  if (stages.length) return stages.reduce((sum, stage) => sum + totals[stage], 0);
  return totals[list];
}

/**
 * Saved views' counts for the request's viewer (their access scope), never by reading leads: one
 * read of every kind's kept totals, and where a view asks for overdue leads, the kind's kept
 * overdue count (its windows, kept per version of the totals, as the inbox's is).
 */
@Injectable()
export class ViewCounts {
  constructor(private readonly kinds: LeadKinds) {}

  async of(
    queries: readonly ViewQuery[],
    viewerId: string | undefined,
  ): Promise<(number | null)[]> {
    const snapshots = await everyKindTotals(this.kinds);
    return Promise.all(queries.map((query) => this.count(query, snapshots, viewerId)));
  }

  private async count(
    query: ViewQuery,
    snapshots: Record<LeadKindKey, TotalsSnapshot>,
    viewerId: string | undefined,
  ): Promise<number | null> {
    const kinds = [...new Set(query.kind ?? LEAD_KIND_KEYS)];
    const counts = await Promise.all(
      kinds.map((kind) => {
        const at = snapshots[kind];
        const owners = countedOwners(currentScope(kind), query.owner, viewerId);
        const totals = owners ? totalsOfOwners(at.owners, owners) : keptTotalsOf(at);
        return keptCount(query, totals, () => this.kinds.of(kind).lists.overdue(at, owners));
      }),
    );
    return counts.some((count) => count === null)
      ? null
      : counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  }
}
