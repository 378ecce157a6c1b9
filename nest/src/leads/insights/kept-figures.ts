import {
  type InsightsBusinessResponseTimes,
  type InsightsSource,
  LEAD_STAGES,
  type LeadStageTotals,
} from '../../contract';
import {
  type Counts,
  type KeptDay,
  replyBand,
  type ReplyTimes,
  SLOT_MS,
  type SlotFigures,
} from '../core/kept-days/kept-day';
import { sourceOfKey } from '../core/kept-days/kept-keys';
import { type LeadScope, seesOwner } from '../core/lead-scope';

import { type ZonedDays } from './insights-calendar';
import { type RangeFigures, seriesOf, topSources } from './insights-figures';

const DAY_MS = 86_400_000;

/** Reply times by band: how many, and the key counts (of each day or slot) they sum. */
type Bands = Map<number, { n: number; parts: Counts[] }>;

/** What one kind's kept days of a range add up to, for the leads a scope sees. */
export interface KeptTally {
  leads: number;
  perDay: number[];
  stages: Counts;
  sources: Counts;
  replies: Bands;
  business: Bands;
}

/** A band's count, summed once per kept document (a day read is kept, and never changed). */
const bandSums = new WeakMap<Counts, number>();

function bandSum(keys: Counts): number {
  let n = bandSums.get(keys);
  if (n === undefined) {
    n = 0;
    for (const count of Object.values(keys)) n = count < 0 || n < 0 ? -1 : n + count;
    bandSums.set(keys, n);
  }
  return n;
}

/** Adds a day's or a slot's reply times; false on a count below zero. */
function addBands(into: Bands, from: ReplyTimes | undefined): boolean {
  for (const [name, keys] of Object.entries(from ?? {})) {
    const n = bandSum(keys);
    if (n < 0) return false;
    if (n === 0) continue;
    const band = Number(name.slice(1));
    const known = into.get(band);
    if (known) {
      known.n += n;
      known.parts.push(keys);
    } else into.set(band, { n, parts: [keys] });
  }
  return true;
}

const bandsTotal = (bands: Bands) => [...bands.values()].reduce((n, band) => n + band.n, 0);

function mergeBands(into: Bands, from: Bands): void {
  for (const [band, { n, parts }] of from) {
    const known = into.get(band);
    if (known) {
      known.n += n;
      known.parts.push(...parts);
    } else into.set(band, { n, parts: [...parts] });
  }
}

/** A tally of nothing, over a range's days. */
const noneIn = (range: ZonedDays): KeptTally => ({
  leads: 0,
  perDay: range.dates.map(() => 0),
  stages: {},
  sources: {},
  replies: new Map(),
  business: new Map(),
});

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
    addBands(tally.replies, figures?.rt) &&
    (!calendar || addBands(tally.business, figures?.bt?.[calendar]))
  );
}

/**
 * The range's day (its index, -1 outside it) of each slot of the UTC day starting at `dayStart`;
 * null for a slot a zone's midnight falls inside (no zone's does today; a long-gone local mean
 * time may). Found from the few midnights within the UTC day, not by a search per slot.
 */
function slotDays(range: ZonedDays, dayStart: number): (slot: number) => number | null {
  const first = range.indexOf(new Date(dayStart));
  const within: [number, number][] = [];
  range.bounds.forEach((bound, i) => {
    if (bound > dayStart && bound < dayStart + DAY_MS)
      within.push([i < range.dates.length ? i : -1, bound]);
  });
  return (slot) => {
    const from = dayStart + slot * SLOT_MS;
    let day = first;
    for (const [index, bound] of within)
      if (bound <= from) day = index;
      else if (bound < from + SLOT_MS) return null;
    return day;
  };
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
  const tally = noneIn(range);
  const start = range.start.getTime();
  const end = range.end.getTime();
  for (const doc of docs) {
    const dayStart = Date.parse(`${doc.day}T00:00:00Z`);
    const whole = dayStart >= start && dayStart + DAY_MS <= end;
    const dayOf = slotDays(range, dayStart);
    for (const [owner, figures] of Object.entries(doc.o ?? {})) {
      if (!seesOwner(scope, owner)) continue;
      for (const [slot, n] of Object.entries(figures.n ?? {})) {
        if (n < 0) return null;
        if (n === 0) continue;
        const day = dayOf(Number(slot.slice(1)));
        if (day === null) return null;
        if (day < 0) continue;
        tally.leads += n;
        tally.perDay[day] = (tally.perDay[day] ?? 0) + n;
        if (!whole && !addFigures(tally, doc.x?.[owner]?.[slot], calendar)) return null;
      }
      if (whole && !addFigures(tally, figures, calendar)) return null;
    }
  }
  const adds = sum(tally.stages) === tally.leads && sum(tally.sources) === tally.leads;
  if (!adds || (calendar && bandsTotal(tally.business) !== bandsTotal(tally.replies))) return null;
  return tally;
}

/** One band's keys (numbers) and counts, summed over its parts, in order of time. */
function keysOf(parts: readonly Counts[]): [number, number][] {
  const keys = new Map<number, number>();
  for (const part of parts)
    for (const [name, n] of Object.entries(part)) {
      const key = Number(name.slice(1));
      keys.set(key, (keys.get(key) ?? 0) + n);
    }
  return [...keys].sort((a, b) => a[0] - b[0]);
}

/** The nearest-rank percentile of kept reply times, in tenths of a minute as the answer shows. */
function percentile(bands: Bands, total: number, p: number): number | null {
  if (total === 0) return null;
  let rest = Math.max(0, Math.ceil(p * total) - 1);
  for (const [, band] of [...bands].sort((a, b) => a[0] - b[0])) {
    if (rest >= band.n) {
      rest -= band.n;
      continue;
    }
    for (const [key, n] of keysOf(band.parts)) {
      if (rest < n) return Math.floor(key / 2) / 10;
      rest -= n;
    }
  }
  return null;
}

/** Replies within a whole-minute target: keys up to twice its tenths (replyKey). */
function within(bands: Bands, targetMinutes: number): number {
  const last = 20 * targetMinutes;
  const lastBand = replyBand(last);
  let n = 0;
  for (const [band, { n: count, parts }] of bands)
    if (band < lastBand) n += count;
    else if (band === lastBand)
      for (const [key, keyCount] of keysOf(parts)) if (key <= last) n += keyCount;
  return n;
}

function times(bands: Bands): Omit<InsightsBusinessResponseTimes, 'withinTarget'> {
  const total = bandsTotal(bands);
  return {
    medianMinutes: percentile(bands, total, 0.5),
    p90Minutes: percentile(bands, total, 0.9),
  };
}

function sumOf(kinds: readonly { tally: KeptTally }[], range: ZonedDays): KeptTally {
  const all = noneIn(range);
  for (const { tally } of kinds) {
    all.leads += tally.leads;
    tally.perDay.forEach((n, i) => (all.perDay[i] = (all.perDay[i] ?? 0) + n));
    addCounts(all.stages, tally.stages);
    addCounts(all.sources, tally.sources);
    mergeBands(all.replies, tally.replies);
    mergeBands(all.business, tally.business);
  }
  return all;
}

/** The figures of some kinds' tallies (as rangeFigures gives them from the leads themselves). */
export function keptFigures(
  kinds: readonly { tally: KeptTally; targetMinutes: number }[],
  range: ZonedDays,
  targetMinutes: number | null,
  withCalendar: boolean,
): RangeFigures {
  // One kind's tally is its own sum; the total adds the kinds' up.
  const merged = kinds.length === 1 && kinds[0] ? kinds[0].tally : sumOf(kinds, range);
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
      answered: bandsTotal(merged.replies),
      withinTarget: withinOf('replies'),
      ...times(merged.replies),
      business: withCalendar
        ? { withinTarget: withinOf('business'), ...times(merged.business) }
        : null,
    },
  };
}
