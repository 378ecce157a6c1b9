import { businessMsBetween, type Calendar } from '../../calendar/business-time';
import {
  INSIGHTS_RANGE,
  type InsightsBusinessResponseTimes,
  type InsightsFigures,
  type InsightsResponseTimes,
  type InsightsSource,
  LEAD_STAGES,
  type LeadStageTotals,
} from '../../contract';
import { sourceOf } from '../core/kept-days/kept-keys';
import { type LeadFact } from '../core/list-view/lead-arrivals';

import { type ZonedDays } from './insights-calendar';

/** One kind's leads of the range, with the response target its replies are held to. */
export interface KindFacts {
  facts: readonly LeadFact[];
  targetMinutes: number;
}

/** The range's arrivals per day, and per week for a long range. */
export function seriesOf(
  perDay: readonly number[],
  days: ZonedDays,
): Pick<InsightsFigures, 'days' | 'weeks'> {
  return {
    days: days.dates.map((date, i) => ({ date, count: perDay[i] ?? 0 })),
    weeks:
      days.dates.length > INSIGHTS_RANGE.weeklyOverDays
        ? days.weekStarts().map((week) => ({
            start: week.start,
            count: week.days.reduce((sum, i) => sum + (perDay[i] ?? 0), 0),
          }))
        : null,
  };
}

/** Everything but the overdue figure, which is of now, not of the range. */
export type RangeFigures = Omit<InsightsFigures, 'overdue'>;

/**
 * The figures of some kinds' leads of the range; `targetMinutes` is what the answer names. With a
 * calendar, reply times are also counted in its business hours (the second figure).
 */
export function rangeFigures(
  kinds: readonly KindFacts[],
  days: ZonedDays,
  targetMinutes: number | null,
  calendar: Calendar = null,
): RangeFigures {
  const perDay = days.dates.map(() => 0);
  const stages = Object.fromEntries(LEAD_STAGES.map((s) => [s, 0])) as LeadStageTotals;
  const sources = new Map<string, InsightsSource>();
  const replies: number[] = [];
  const business: number[] = [];
  let withinTarget = 0;
  let withinBusinessTarget = 0;
  let leads = 0;
  for (const { facts, targetMinutes: target } of kinds)
    for (const fact of facts) {
      const day = days.indexOf(fact.createdAt);
      if (day < 0) continue;
      leads += 1;
      perDay[day] = (perDay[day] ?? 0) + 1;
      stages[fact.stage ?? 'new'] += 1;
      countSource(sources, fact.source);
      if (fact.firstResponseAt) {
        const minutes = (fact.firstResponseAt.getTime() - fact.createdAt.getTime()) / 60_000;
        replies.push(minutes);
        if (minutes <= target) withinTarget += 1;
        if (calendar) {
          const open = businessMsBetween(
            fact.createdAt.getTime(),
            fact.firstResponseAt.getTime(),
            calendar,
          );
          business.push(open / 60_000);
          if (open <= target * 60_000) withinBusinessTarget += 1;
        }
      }
    }
  return {
    leads,
    ...seriesOf(perDay, days),
    sources: topSources([...sources.values()]),
    stages,
    wonRate: leads === 0 ? null : stages.won / leads,
    response: {
      ...responseTimes(replies, withinTarget, targetMinutes),
      business: calendar ? businessTimes(business, withinBusinessTarget) : null,
    },
  };
}

function countSource(sources: Map<string, InsightsSource>, stored: LeadFact['source']): void {
  const { name, via } = sourceOf(stored);
  const key = `${via}:${name}`;
  const known = sources.get(key);
  if (known) known.count += 1;
  else sources.set(key, { name, via, count: 1 });
}

/** The most frequent first (ties by name), the ten first named, the rest as `other`. */
export function topSources(all: InsightsSource[]): InsightsSource[] {
  all.sort(
    (a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.via.localeCompare(b.via),
  );
  const top = all.slice(0, INSIGHTS_RANGE.topSources);
  const rest = all.slice(INSIGHTS_RANGE.topSources).reduce((sum, s) => sum + s.count, 0);
  return rest > 0 ? [...top, { name: 'other', via: 'other', count: rest }] : top;
}

/** The nearest-rank percentile of sorted values (the smallest value with p of them at or below). */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

/** Minutes to a tenth (a reply's time is kept to the millisecond; nobody reads more). */
const tenths = (minutes: number | null) =>
  minutes === null ? null : Math.round(minutes * 10) / 10;

function responseTimes(
  replies: number[],
  withinTarget: number,
  targetMinutes: number | null,
): Omit<InsightsResponseTimes, 'business'> {
  const sorted = replies.sort((a, b) => a - b);
  return {
    targetMinutes,
    answered: sorted.length,
    withinTarget,
    medianMinutes: tenths(percentile(sorted, 0.5)),
    p90Minutes: tenths(percentile(sorted, 0.9)),
  };
}

function businessTimes(replies: number[], withinTarget: number): InsightsBusinessResponseTimes {
  const sorted = replies.sort((a, b) => a - b);
  return {
    withinTarget,
    medianMinutes: tenths(percentile(sorted, 0.5)),
    p90Minutes: tenths(percentile(sorted, 0.9)),
  };
}
