import { addDays, daysBetween, zoneOffsetMs } from '../../contract';

/** A `YYYY-MM-DD` date's midnight in UTC, in ms (any year, also the 10000 after 9999-12-31). */
function utcMidnight(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return at.getTime();
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
const offsetAt = (tz: string, at: number): number => zoneOffsetMs(new Date(at), tz);

/** The instant a date begins in a zone (its wall clock's midnight). */
export function startOfDay(date: string, tz: string): Date {
  const wallMidnight = utcMidnight(date);
  const guess = wallMidnight - offsetAt(tz, wallMidnight);
  // The offset at the guess may differ from the one at UTC midnight (a change in between): again.
  return new Date(wallMidnight - offsetAt(tz, guess));
}

/**
 * The days of a range in a zone: each day's first instant, and the instant after the last day.
 * A day is found for an instant by a binary search over these bounds (no formatting per lead).
 */
export class ZonedDays {
  readonly dates: string[];
  readonly bounds: number[];

  constructor(from: string, to: string, tz: string) {
    this.dates = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));
    this.bounds = [...this.dates, addDays(to, 1)].map((date) => startOfDay(date, tz).getTime());
  }

  get start(): Date {
    return new Date(this.bounds[0] ?? 0);
  }

  get end(): Date {
    return new Date(this.bounds[this.bounds.length - 1] ?? 0);
  }

  /** The index of the day an instant falls on, or -1 outside the range. */
  indexOf(at: Date): number {
    const t = at.getTime();
    let low = 0;
    let high = this.bounds.length - 1;
    if (t < (this.bounds[0] ?? 0) || t >= (this.bounds[high] ?? 0)) return -1;
    // Invariant: bounds[low] <= t < bounds[high].
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if ((this.bounds[mid] ?? 0) <= t) low = mid;
      else high = mid;
    }
    return low;
  }

  /** The range's weeks (Monday first; the first starts at `from`), each with its days' indexes. */
  weekStarts(): { start: string; days: number[] }[] {
    const weeks: { start: string; days: number[] }[] = [];
    this.dates.forEach((date, i) => {
      const monday = new Date(utcMidnight(date)).getUTCDay() === 1;
      if (i === 0 || monday) weeks.push({ start: date, days: [] });
      weeks[weeks.length - 1]?.days.push(i);
    });
    return weeks;
  }
}
