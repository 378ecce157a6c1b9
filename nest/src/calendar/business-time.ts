import { type BusinessHours } from '../contract';

import { type CompiledCalendar, compiledCalendar } from './compiled-calendar';

/**
 * Business time: durations counted only inside a team calendar's hours (issue 35). Every function
 * takes the calendar last, and none (null or undefined, the default) means 24/7: plain
 * arithmetic on instants, exactly what response targets counted before calendars existed.
 * Instants and durations are milliseconds; the `Date` forms below wrap these.
 */
export type Calendar = BusinessHours | null | undefined;

/** How far a walk over days may go before a calendar is judged to have no hours (20 years). */
const MAX_DAYS = 20 * 366;

/** The earliest instant a lead arriving at `start` may be answered by, with `durationMs` to do it. */
export function addBusinessMs(start: number, durationMs: number, calendar: Calendar): number {
  if (!(durationMs >= 0)) throw new RangeError(`not a duration: ${durationMs}`);
  if (!calendar || durationMs === 0) return start + durationMs;
  const compiled = compiledCalendar(calendar);
  let remaining = durationMs;
  const first = compiled.dayOf(start);
  for (let n = first; n <= first + MAX_DAYS; n++) {
    const { spans } = compiled.day(n);
    for (let i = 0; i < spans.length; i += 2) {
      const to = spans[i + 1] as number;
      if (to <= start) continue;
      const from = Math.max(spans[i] as number, start);
      // `<=`: a duration that ends with a span ends at the span's end, not at the next opening.
      if (remaining <= to - from) return from + remaining;
      remaining -= to - from;
    }
  }
  throw noHours(calendar);
}

/** The business time from `a` to `b` (negative when `b` is before `a`). */
export function businessMsBetween(a: number, b: number, calendar: Calendar): number {
  if (!calendar) return b - a;
  if (b < a) return -businessMsBetween(b, a, calendar);
  const compiled = compiledCalendar(calendar);
  let total = 0;
  const first = compiled.dayOf(a);
  for (let n = first; n <= first + MAX_DAYS; n++) {
    const { start, spans } = compiled.day(n);
    if (start >= b) return total;
    for (let i = 0; i < spans.length; i += 2) {
      const from = Math.max(spans[i] as number, a);
      const to = Math.min(spans[i + 1] as number, b);
      if (to > from) total += to - from;
    }
  }
  return total;
}

/** Whether `at` is inside the calendar's hours (always, without one). */
export function isOpenAt(at: number, calendar: Calendar): boolean {
  if (!calendar) return true;
  const compiled = compiledCalendar(calendar);
  const day = compiled.dayOf(at);
  // The neighbours too: a fall-back at midnight repeats an hour of the day before.
  for (let n = day - 1; n <= day + 1; n++) {
    const { spans } = compiled.day(n);
    for (let i = 0; i < spans.length; i += 2)
      if ((spans[i] as number) <= at && at < (spans[i + 1] as number)) return true;
  }
  return false;
}

/**
 * The earliest arrival that is not overdue at `now` against a target of `targetMs`: a lead that
 * arrived at `t` is overdue at `now` exactly when `t < since` (the inverse of the due time, for
 * the kept overdue figure's window: the waiting leads that arrived since then are not overdue yet).
 * A lead is overdue when its due time is before `now`, as `dueOf` reads it.
 */
export function earliestArrivalNotOverdueMs(
  now: number,
  targetMs: number,
  calendar: Calendar,
): number {
  if (!calendar) return now - targetMs;
  const compiled = compiledCalendar(calendar);
  // The latest arrival with exactly `targetMs` of business time before `now`, walking back.
  const found = walkBack(compiled, now, targetMs);
  if (!found) return -8.64e15;
  const { at, atSpanStart, previousEnd } = found;
  if (addBusinessMs(at, targetMs, calendar) >= now) {
    // Due at `now` or later: not overdue. Arrivals in the closed time before a span's start wait
    // for that start, so they share its due time: back to the end of the span before it.
    return atSpanStart ? previousEnd() : at;
  }
  // Due before `now` (now is after hours, and the target was met when the last span ended): one
  // millisecond later, less than the target is left before `now`.
  return at + 1;
}

interface WalkedBack {
  at: number;
  /** Whether `at` is the start of a span (the closed time before it shares its due time). */
  atSpanStart: boolean;
  /** The end of the last span before `at`, found on demand. */
  previousEnd: () => number;
}

function walkBack(compiled: CompiledCalendar, now: number, durationMs: number): WalkedBack | null {
  let remaining = durationMs;
  // From the day after: a fall-back at midnight gives the next day's first hours before `now`.
  const last = compiled.dayOf(now) + 1;
  for (let n = last; n >= last - MAX_DAYS; n--) {
    const { spans } = compiled.day(n);
    for (let i = spans.length - 2; i >= 0; i -= 2) {
      const from = spans[i] as number;
      const to = Math.min(spans[i + 1] as number, now);
      if (to <= from) continue;
      if (remaining <= to - from) {
        const at = to - remaining;
        return {
          at,
          atSpanStart: at === from,
          previousEnd: () => endBefore(compiled, n, i, from),
        };
      }
      remaining -= to - from;
    }
  }
  return null;
}

/** The end of the last span before span `i` of day `n` (which starts at `from`). */
function endBefore(compiled: CompiledCalendar, n: number, i: number, from: number): number {
  for (let day = n, index = i - 2; day >= n - MAX_DAYS; day--) {
    const { spans } = compiled.day(day);
    if (day !== n) index = spans.length - 2;
    for (; index >= 0; index -= 2) {
      const to = spans[index + 1] as number;
      if (to <= from) return to;
    }
  }
  return -8.64e15;
}

const noHours = (calendar: BusinessHours) =>
  new RangeError(`the calendar in ${calendar.timeZone} has no business hours within 20 years`);

// --- the same on Dates ----------------------------------------------------------------------

/** When a target of `durationMs` that starts at `start` is due. */
export const addBusinessTime = (start: Date, durationMs: number, calendar?: Calendar): Date =>
  new Date(addBusinessMs(start.getTime(), durationMs, calendar));

/** The business time, in ms, from `a` to `b`. */
export const businessTimeBetween = (a: Date, b: Date, calendar?: Calendar): number =>
  businessMsBetween(a.getTime(), b.getTime(), calendar);

export const isOpen = (at: Date, calendar?: Calendar): boolean => isOpenAt(at.getTime(), calendar);

/** When a lead that arrived at `arrival` becomes overdue: just after its due time. */
export const dueTimeOf = (arrival: Date, targetMs: number, calendar?: Calendar): Date =>
  addBusinessTime(arrival, targetMs, calendar);

/** The earliest arrival not yet overdue at `now` (arrivals before it are overdue). */
export const earliestArrivalNotOverdue = (now: Date, targetMs: number, calendar?: Calendar): Date =>
  new Date(earliestArrivalNotOverdueMs(now.getTime(), targetMs, calendar));
