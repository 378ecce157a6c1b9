import { LEAD_STAGES, type LeadStageTotals, type LeadTotals } from '../../../contract';
import { listOf, type LeadRecord, snoozed, stageOf } from '../lead-record';
import { ownerKeyOf } from '../lead-scope';

/**
 * Everything kept per kind: the lists' totals, the active list's leads per stage (under the
 * stage's own name: no stage is named as a list total is), and `waiting`: active leads past `new`
 * that wrote after our last reply (with the `new` ones, what waits on us), and `snoozed`: those of
 * them put off by a follow-up (issue 32). "Needs reply" holds `new + waiting - snoozed`.
 */
export type KeptTotals = LeadTotals & LeadStageTotals & { waiting: number; snoozed: number };

/**
 * The same totals per owner (issue 34): under the owner's id, nobody's under UNASSIGNED_KEY. What
 * an admin who sees only some owners' leads is shown, kept by the same writes as the kind's.
 */
export type OwnerTotals = Record<string, KeptTotals>;

/** Totals as counted (the check, a kind's first totals): the kind's and each owner's. */
export type CountedTotals = KeptTotals & { owners: OwnerTotals };

/** A kind's totals as stored, with the version every change bumps (the list caches' key). */
export type TotalsSnapshot = CountedTotals & {
  version: number;
};

/** What a change adds to each total (negative to take away), the owners' among them. */
export type TotalsDelta = Partial<KeptTotals> & {
  owners?: Record<string, Partial<KeptTotals>>;
};

/**
 * A change to the kept totals: every list total, the stage and waiting totals it moves, and the
 * same for each owner whose leads it moves.
 */
export type TotalsChange = LeadTotals &
  Partial<LeadStageTotals> & {
    waiting?: number;
    snoozed?: number;
    owners: Record<string, Partial<KeptTotals>>;
  };

export const KEPT_TOTAL_KEYS = [
  'active',
  'archived',
  'unread',
  'spam',
  ...LEAD_STAGES,
  'waiting',
  'snoozed',
] as const;

const none = (): KeptTotals => ({
  active: 0,
  archived: 0,
  unread: 0,
  spam: 0,
  ...(Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0])) as LeadStageTotals),
  waiting: 0,
  snoozed: 0,
});

/** The kept totals of a stored snapshot (a key missing from an older document is 0). */
export function keptTotalsOf(source: Partial<KeptTotals>): KeptTotals {
  const totals = none();
  for (const key of KEPT_TOTAL_KEYS) totals[key] = source[key] ?? 0;
  return totals;
}

/** The per-stage counts of kept totals, as the inbox answers them. */
export function stageTotalsOf(totals: KeptTotals): LeadStageTotals {
  return Object.fromEntries(LEAD_STAGES.map((stage) => [stage, totals[stage]])) as LeadStageTotals;
}

/**
 * The totals one stored lead counts in: what the kept totals stand for (the repository's count
 * asks the same with queries). A change's effect on the totals is the difference of its leads'
 * counts before and after, so no change has to know which totals it touches.
 */
export function countedIn(lead: LeadRecord): KeptTotals {
  const list = listOf(lead);
  const active = list === 'active';
  const counted = none();
  counted[list] = 1;
  counted.unread = active && !lead.readAt ? 1 : 0;
  if (active) counted[stageOf(lead)] = 1;
  counted.waiting = active && stageOf(lead) !== 'new' && lead.awaitingReplySince ? 1 : 0;
  counted.snoozed = snoozed(lead) ? 1 : 0;
  return counted;
}

/**
 * How the totals change when the leads `before` become the leads `after` (a removed lead: none):
 * the lists' totals always, and the stages' totals that change (most changes touch none).
 */
export function totalsChange(
  before: readonly LeadRecord[],
  after: readonly LeadRecord[],
): TotalsChange {
  const change = none();
  const owners: OwnerTotals = {};
  for (const [leads, sign] of [
    [before, -1],
    [after, 1],
  ] as const)
    for (const lead of leads) {
      const counted = countedIn(lead);
      const owner = (owners[ownerKeyOf(lead)] ??= none());
      for (const key of KEPT_TOTAL_KEYS) {
        change[key] += sign * counted[key];
        owner[key] += sign * counted[key];
      }
    }
  const moved = Object.entries(owners).flatMap(([owner, totals]) => {
    const keys = KEPT_TOTAL_KEYS.filter((key) => totals[key] !== 0);
    return keys.length ? [[owner, Object.fromEntries(keys.map((k) => [k, totals[k]]))]] : [];
  });
  const stages = LEAD_STAGES.filter((stage) => change[stage] !== 0);
  return {
    active: change.active,
    archived: change.archived,
    unread: change.unread,
    spam: change.spam,
    ...Object.fromEntries(stages.map((stage) => [stage, change[stage]])),
    ...(change.waiting !== 0 ? { waiting: change.waiting } : {}),
    ...(change.snoozed !== 0 ? { snoozed: change.snoozed } : {}),
    owners: Object.fromEntries(moved) as Record<string, Partial<KeptTotals>>,
  };
}

/** Each owner's totals counted from leads (the check's count, and the fixtures'). */
export function ownerTotalsOf(leads: Iterable<LeadRecord>): OwnerTotals {
  const owners: OwnerTotals = {};
  for (const lead of leads) countInOwnerTotals(owners, lead);
  return owners;
}

/** Counts `times` leads like `lead` into their owner's totals (the check counts groups so). */
export function countInOwnerTotals(owners: OwnerTotals, lead: LeadRecord, times = 1): void {
  const counted = countedIn(lead);
  const owner = (owners[ownerKeyOf(lead)] ??= none());
  for (const key of KEPT_TOTAL_KEYS) owner[key] += counted[key] * times;
}

/** Owners' totals as stored (a document kept before owners has none: read as none). */
export function ownerTotalsFrom(stored: unknown): OwnerTotals {
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored as Record<string, Partial<KeptTotals>>).map(([owner, totals]) => [
      owner,
      keptTotalsOf(totals),
    ]),
  );
}

/** The totals of the leads of these owners: what an admin who sees only theirs is shown. */
export function totalsOfOwners(owners: OwnerTotals, keys: readonly string[]): KeptTotals {
  const sum = none();
  for (const owner of new Set(keys))
    for (const key of KEPT_TOTAL_KEYS) sum[key] += owners[owner]?.[key] ?? 0;
  return sum;
}

/** Counted owners' totals alike: an owner with nothing counted equals one not there. */
export function sameOwnerTotals(a: OwnerTotals, b: OwnerTotals): boolean {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((owner) =>
    sameTotals(totalsOfOwners(a, [owner]), totalsOfOwners(b, [owner])),
  );
}

/**
 * Several changes' deltas as one (the coalesced totals write adds them in one go), the owners'
 * under dotted paths (`owners.<id>.active`), as `$inc` takes them.
 */
export function sumOfDeltas(deltas: readonly TotalsDelta[]): Record<string, number> {
  const sum: Record<string, number> = {};
  const add = (key: string, value = 0) => {
    sum[key] = (sum[key] ?? 0) + value;
  };
  for (const { owners = {}, ...delta } of deltas) {
    for (const [key, value] of Object.entries(delta)) add(key, value);
    for (const [owner, totals] of Object.entries(owners))
      for (const [key, value] of Object.entries(totals)) add(`owners.${owner}.${key}`, value);
  }
  return sum;
}

export const sameTotals = (a: KeptTotals, b: KeptTotals): boolean =>
  KEPT_TOTAL_KEYS.every((key) => a[key] === b[key]);

/** Counted totals alike: the kind's and every owner's. */
export const sameCounted = (a: CountedTotals, b: CountedTotals): boolean =>
  sameTotals(a, b) && sameOwnerTotals(a.owners, b.owners);

/** What a counted check of the kept totals found (see LeadTotalsChecker). */
export type TotalsCheck =
  | { outcome: 'exact' | 'busy' }
  | { outcome: 'differs'; version: number; stored: CountedTotals; counted: CountedTotals };
