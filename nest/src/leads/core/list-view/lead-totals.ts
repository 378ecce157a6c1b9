import { LEAD_STAGES, type LeadStageTotals, type LeadTotals } from '../../../contract';
import { listOf, type LeadRecord, stageOf } from '../lead-record';

/**
 * Everything kept per kind: the lists' totals, the active list's leads per stage (under the
 * stage's own name: no stage is named as a list total is), and `waiting`: active leads past `new`
 * that wrote after our last reply (with the `new` ones, what "Needs reply" holds).
 */
export type KeptTotals = LeadTotals & LeadStageTotals & { waiting: number };

/** A kind's totals as stored, with the version every change bumps (the list caches' key). */
export type TotalsSnapshot = KeptTotals & {
  version: number;
};

/** What a change adds to each total (negative to take away). */
export type TotalsDelta = Partial<KeptTotals>;

/** A change to the kept totals: every list total, and the stage and waiting totals it moves. */
export type TotalsChange = LeadTotals & Partial<LeadStageTotals> & { waiting?: number };

export const KEPT_TOTAL_KEYS = [
  'active',
  'archived',
  'unread',
  'spam',
  ...LEAD_STAGES,
  'waiting',
] as const;

const none = (): KeptTotals => ({
  active: 0,
  archived: 0,
  unread: 0,
  spam: 0,
  ...(Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0])) as LeadStageTotals),
  waiting: 0,
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
  for (const [leads, sign] of [
    [before, -1],
    [after, 1],
  ] as const)
    for (const lead of leads) {
      const counted = countedIn(lead);
      for (const key of KEPT_TOTAL_KEYS) change[key] += sign * counted[key];
    }
  const stages = LEAD_STAGES.filter((stage) => change[stage] !== 0);
  return {
    active: change.active,
    archived: change.archived,
    unread: change.unread,
    spam: change.spam,
    ...Object.fromEntries(stages.map((stage) => [stage, change[stage]])),
    ...(change.waiting !== 0 ? { waiting: change.waiting } : {}),
  };
}

/** Several changes' deltas as one (the coalesced totals write adds them in one go). */
export function sumOfDeltas(deltas: readonly TotalsDelta[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const delta of deltas)
    for (const [key, value] of Object.entries(delta)) sum[key] = (sum[key] ?? 0) + (value ?? 0);
  return sum;
}

export const sameTotals = (a: KeptTotals, b: KeptTotals): boolean =>
  KEPT_TOTAL_KEYS.every((key) => a[key] === b[key]);
