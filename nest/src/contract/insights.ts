// Insights (issue 23): where leads came from and how fast they were answered, over a range of days.
import { type LeadKindKey } from './lead-kinds';
import { type LeadStageTotals } from './leads';

export const INSIGHTS_PATH = '/insights';

/** The query's bounds: whole days in `tz`, `from` and `to` both included. */
export const INSIGHTS_RANGE = {
  /** The most days one answer covers. */
  maxDays: 366,
  /** Longer ranges are also answered per week. */
  weeklyOverDays: 60,
  /** Sources named one by one; the rest are summed as `other`. */
  topSources: 10,
  defaultTz: 'UTC',
} as const;

/** A calendar date, `YYYY-MM-DD`. */
export const INSIGHTS_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /insights?from=&to=&tz=`. */
export interface InsightsQuery {
  from: string;
  to: string;
  /** An IANA time zone; UTC when left out. */
  tz?: string;
}

/** How a lead's source is named: its `utm_source`, else its referrer's host, else `direct`. */
export const INSIGHTS_SOURCE_VIAS = ['utm_source', 'referrer', 'direct', 'other'] as const;
export type InsightsSourceVia = (typeof INSIGHTS_SOURCE_VIAS)[number];

export interface InsightsSource {
  /** The `utm_source` or the referrer host; `direct` for neither, `other` past the top ten. */
  name: string;
  via: InsightsSourceVia;
  count: number;
}

export interface InsightsDayCount {
  /** `YYYY-MM-DD` in the query's time zone. */
  date: string;
  count: number;
}

export interface InsightsWeekCount {
  /** The week's first day in the range (a Monday, or `from`), `YYYY-MM-DD`. */
  start: string;
  count: number;
}

/** Time from arrival to the first reply, for the leads of the range that had one. */
export interface InsightsResponseTimes {
  /** The kind's target; null in the total (each lead is held to its own kind's). */
  targetMinutes: number | null;
  /** Leads of the range replied to. */
  answered: number;
  /** Of those, replied to within their kind's target. */
  withinTarget: number;
  /** Nearest-rank median and 90th percentile; null with no reply. */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /**
   * The same replies' times counted in the team's business hours only, as response targets count
   * them (`GET /settings/business-hours`); null while there is no calendar (every hour counts, so
   * the figures above are the business ones).
   */
  business: InsightsBusinessResponseTimes | null;
}

/** Time from arrival to the first reply in business hours (the calendar as it is now). */
export interface InsightsBusinessResponseTimes {
  /** Replied to within their kind's target, counted in business time (as `dueAt` is). */
  withinTarget: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
}

/** One kind's figures (or all kinds'), for the leads that arrived in the range; spam never counts. */
export interface InsightsFigures {
  leads: number;
  days: InsightsDayCount[];
  /** Present for ranges over `INSIGHTS_RANGE.weeklyOverDays` days, else null. */
  weeks: InsightsWeekCount[] | null;
  /** Most first; at most ten named, then `other` if any remain. */
  sources: InsightsSource[];
  /** The range's leads by the stage they are in now (archived or not). */
  stages: LeadStageTotals;
  /** Won leads over the range's leads; null with no lead. */
  wonRate: number | null;
  response: InsightsResponseTimes;
  /** Overdue leads now, whatever the range (the inbox's figure). */
  overdue: number;
}

export interface InsightsResponse {
  success: true;
  from: string;
  to: string;
  tz: string;
  kinds: Record<LeadKindKey, InsightsFigures>;
  total: InsightsFigures;
}

// --- days in a time zone (shared by the API's answer and the page's date range) ---------------

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (not 2026-02-30), year 1 to 9999. */
export function isCalendarDate(value: string): boolean {
  if (!INSIGHTS_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const at = utcDate(y, m - 1, d);
  // Year 0 is 1 BC, which the zones' calendars write otherwise: years start at 1.
  return y >= 1 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/** Midnight UTC of a date; years 0 to 99 as written (Date.UTC would read them as 1900 to 1999). */
function utcDate(year: number, monthIndex: number, day: number): Date {
  const at = new Date(0);
  at.setUTCFullYear(year, monthIndex, day);
  return at;
}

/** `YYYY-MM-DD` of a UTC date, years with four digits (toISOString writes 0 as +000000 past 9999). */
const isoDate = (at: Date) =>
  `${String(at.getUTCFullYear()).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;

/** Whether the platform knows `value` as a time zone (an IANA name such as `Europe/Berlin`). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The date `days` after (or before) a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isoDate(utcDate(y, m - 1, d + days));
}

/** Days from `from` to `to`, both counted (1 for one day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** The calendar date of an instant in a time zone, `YYYY-MM-DD`. */
export function dateIn(tz: string, at: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
