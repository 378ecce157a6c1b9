import {
  type InsightsBusinessResponseTimes,
  type InsightsSource,
  LEAD_STAGES,
  type LeadStageTotals,
} from '../../contract';
import { type Counts, type KeptDay, SLOT_MS, type SlotFigures } from '../core/kept-days/kept-day';
import { sourceOfKey } from '../core/kept-days/kept-keys';
import { type LeadScope, seesOwner } from '../core/lead-scope';

import { type ZonedDays } from './insights-calendar';
import { type RangeFigures, seriesOf, topSources } from './insights-figures';

const DAY_MS = 86_400_000;

/** What one kind's kept days of a range add up to, for the leads a scope sees. */
export interface KeptTally {
  leads: number;
  perDay: number[];
  stages: Counts;
  sources: Counts;
  replies: Counts;
  business: Counts;
}

const sum = (counts: Counts) => Object.values(counts).reduce((total, n) => total + n, 0);

/** Adds counts; false on one below zero (a drift the check will correct: not to be answered). */
function addCounts(into: Counts, from: Counts | undefined): boolean {
  for (const [key, n] of Object.entries(from ?? {})) {
    if (n < 0) return false;
    if (n > 0) into[key] = (into[key] ?? 0) + n;
  }
  return true;
}

function addFigures(tally: KeptTally, figures: SlotFigures | undefined, calendar: string | null) {
  return (
    addCounts(tally.stages, figures?.st) &&
    addCounts(tally.sources, figures?.src) &&
    addCounts(tally.replies, figures?.rt) &&
    (!calendar || addCounts(tally.business, figures?.bt?.[calendar]))
  );
}

/**
 * One kind's kept days over a range in a zone: each UTC day wholly inside from its day figures,
 * a first or last day in part from its slots. Null when the days can't answer exactly: a
 * midnight of the zone inside a slot that has leads, a count below zero, figures that don't add
 * up (every lead counts in one stage and one source), or replies without a business time under
 * the calendar now (it changed since they were counted). The caller then counts the leads.
 */
export function tallyKeptDays(
  docs: readonly KeptDay[],
  range: ZonedDays,
  scope: LeadScope,
  calendar: string | null,
): KeptTally | null {
  const tally: KeptTally = {
    leads: 0,
    perDay: range.dates.map(() => 0),
    stages: {},
    sources: {},
    replies: {},
    business: {},
  };
  const start = range.start.getTime();
  const end = range.end.getTime();
  for (const doc of docs) {
    const dayStart = Date.parse(`${doc.day}T00:00:00Z`);
    const whole = dayStart >= start && dayStart + DAY_MS <= end;
    for (const [owner, figures] of Object.entries(doc.o ?? {})) {
      if (!seesOwner(scope, owner)) continue;
      for (const [slot, n] of Object.entries(figures.n ?? {})) {
        if (n < 0) return null;
        if (n === 0) continue;
        const at = dayStart + Number(slot.slice(1)) * SLOT_MS;
        const day = range.indexOf(new Date(at));
        if (day !== range.indexOf(new Date(at + SLOT_MS - 1))) return null;
        if (day < 0) continue;
        tally.leads += n;
        tally.perDay[day] = (tally.perDay[day] ?? 0) + n;
        if (!whole && !addFigures(tally, doc.x?.[owner]?.[slot], calendar)) return null;
      }
      if (whole && !addFigures(tally, figures, calendar)) return null;
    }
  }
  const adds = sum(tally.stages) === tally.leads && sum(tally.sources) === tally.leads;
  if (!adds || (calendar && sum(tally.business) !== sum(tally.replies))) return null;
  return tally;
}

/** Reply-time keys in order of time, with their counts. */
const inOrder = (counts: Counts): [number, number][] =>
  Object.entries(counts)
    .map(([key, n]): [number, number] => [Number(key.slice(1)), n])
    .sort((a, b) => a[0] - b[0]);

/** The nearest-rank percentile of kept reply times, in tenths of a minute as the answer shows. */
function percentile(ordered: readonly [number, number][], total: number, p: number) {
  if (total === 0) return null;
  const rank = Math.max(0, Math.ceil(p * total) - 1);
  let seen = 0;
  for (const [key, n] of ordered) {
    seen += n;
    if (seen > rank) return Math.floor(key / 2) / 10;
  }
  return null;
}

/** Replies within a whole-minute target: keys up to twice its tenths (replyKey). */
const within = (counts: Counts, targetMinutes: number) =>
  inOrder(counts).reduce((n, [key, count]) => (key <= 20 * targetMinutes ? n + count : n), 0);

function times(merged: Counts): Omit<InsightsBusinessResponseTimes, 'withinTarget'> {
  const ordered = inOrder(merged);
  const total = sum(merged);
  return {
    medianMinutes: percentile(ordered, total, 0.5),
    p90Minutes: percentile(ordered, total, 0.9),
  };
}

/** The figures of some kinds' tallies (as rangeFigures gives them from the leads themselves). */
export function keptFigures(
  kinds: readonly { tally: KeptTally; targetMinutes: number }[],
  range: ZonedDays,
  targetMinutes: number | null,
  withCalendar: boolean,
): RangeFigures {
  const merged = kinds.reduce(
    (all, { tally }) => {
      all.leads += tally.leads;
      tally.perDay.forEach((n, i) => (all.perDay[i] = (all.perDay[i] ?? 0) + n));
      for (const key of ['stages', 'sources', 'replies', 'business'] as const)
        addCounts(all[key], tally[key]);
      return all;
    },
    {
      leads: 0,
      perDay: range.dates.map(() => 0),
      stages: {},
      sources: {},
      replies: {},
      business: {},
    } as KeptTally,
  );
  const stages = Object.fromEntries(
    LEAD_STAGES.map((stage) => [stage, merged.stages[stage] ?? 0]),
  ) as LeadStageTotals;
  const sources = Object.entries(merged.sources).map(([key, count]): InsightsSource => ({
    ...sourceOfKey(key),
    count,
  }));
  const withinOf = (key: 'replies' | 'business') =>
    kinds.reduce((n, kind) => n + within(kind.tally[key], kind.targetMinutes), 0);
  const { leads } = merged;
  return {
    leads,
    ...seriesOf(merged.perDay, range),
    sources: topSources(sources),
    stages,
    wonRate: leads === 0 ? null : stages.won / leads,
    response: {
      targetMinutes,
      answered: sum(merged.replies),
      withinTarget: withinOf('replies'),
      ...times(merged.replies),
      business: withCalendar
        ? { withinTarget: withinOf('business'), ...times(merged.business) }
        : null,
    },
  };
}
