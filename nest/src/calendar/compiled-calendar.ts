import { DateTime } from 'luxon';

import { type BusinessHours, WEEKDAYS } from '../contract';

import {
  type CivilDay,
  civilDateOf,
  civilDayOf,
  minutesOf,
  parseCivilDay,
  weekdayOf,
} from './civil-days';

/** One calendar day's business time as instants: `[from, to)` pairs in order, in ms since the epoch. */
export interface CompiledDay {
  /** The first instant of the day (its clock's first 00:00). */
  start: number;
  /** The first instant of the next day. */
  end: number;
  /** `[from0, to0, from1, to1, …]`, none empty, in order, not overlapping. */
  spans: readonly number[];
}

const DAY_MS = 86_400_000;
/** Days kept per calendar before the cache starts over (about eleven years of lookups). */
const KEPT_DAYS = 4_096;

/**
 * A calendar read once into instants: every question about business time comes down to the spans
 * of a few calendar days, each turned into instants once (through luxon, which reads the zone's
 * rules from the platform's IANA data) and kept. Wall-clock times are never turned into instants
 * by adding offsets here.
 */
export class CompiledCalendar {
  private readonly days = new Map<CivilDay, CompiledDay>();
  /** Each weekday's spans in minutes since midnight, Monday first (WEEKDAYS' order). */
  private readonly weekly: readonly (readonly (readonly [number, number])[])[];
  private readonly holidays: ReadonlySet<CivilDay>;

  constructor(readonly hours: BusinessHours) {
    this.weekly = WEEKDAYS.map((weekday) =>
      (hours.weekly[weekday] ?? []).map(
        (span) => [minutesOf(span.from), minutesOf(span.to)] as const,
      ),
    );
    this.holidays = new Set(
      hours.holidays.flatMap((text) => {
        const day = parseCivilDay(text);
        return day === null ? [] : [day];
      }),
    );
  }

  /** Whether any day of the week has hours (a validated calendar always has). */
  get hasHours(): boolean {
    return this.weekly.some((spans) => spans.length > 0);
  }

  /**
   * The calendar day an instant falls on: the day from whose first instant to the next day's it
   * is. Days' bounds are kept, so this asks luxon nothing once the days around are known: the UTC
   * date is a first guess, and the zone's date is within a day of it.
   */
  dayOf(at: number): CivilDay {
    const guess = Math.floor(at / DAY_MS);
    for (let step = 0; step <= 3; step++)
      for (const n of step === 0 ? [guess] : [guess - step, guess + step]) {
        const { start, end } = this.day(n);
        if (start <= at && at < end) return n;
      }
    // Not reached for real zones (none is a day or more from UTC): ask the zone itself.
    return civilDayOf(DateTime.fromMillis(at, { zone: this.hours.timeZone }));
  }

  /** A day's business spans as instants (computed once, then kept). */
  day(n: CivilDay): CompiledDay {
    let compiled = this.days.get(n);
    if (!compiled) {
      if (this.days.size >= KEPT_DAYS) this.days.clear();
      compiled = this.compile(n);
      this.days.set(n, compiled);
    }
    return compiled;
  }

  private compile(n: CivilDay): CompiledDay {
    // A day starts where the one before ends: each midnight is looked up once.
    const start = this.days.get(n - 1)?.end ?? this.wallInstant(n, 0);
    const end = this.days.get(n + 1)?.start ?? this.wallInstant(n + 1, 0);
    const spans: number[] = [];
    if (!this.holidays.has(n))
      for (const [from, to] of this.weekly[weekdayOf(n)] ?? []) {
        const a = this.wallInstant(n, from);
        const b = to === 24 * 60 ? end : this.wallInstant(n, to);
        // A span the clocks skip entirely (02:00-02:30 on a spring-forward night) has no time.
        if (b > a) spans.push(a, b);
      }
    return { start, end, spans };
  }

  /**
   * The first instant at which the zone's clock shows `minutes` past midnight of day `n`, or later.
   * luxon places a time the clocks skip after the gap (02:30 becomes 03:30 on a spring-forward
   * night) and a time they repeat at its second pass; a business boundary is the first instant the
   * clock reaches it, so a skipped time is the instant of the jump, and a repeated one its first pass.
   */
  private wallInstant(n: CivilDay, minutes: number): number {
    const { year, month, day } = civilDateOf(n);
    const wall = { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 };
    const local = DateTime.fromObject(wall, { zone: this.hours.timeZone });
    if (
      local.day === day &&
      local.month === month &&
      local.hour === wall.hour &&
      local.minute === wall.minute
    )
      return Math.min(...local.getPossibleOffsets().map((possible) => possible.toMillis()));
    // In a gap: the jump is the first instant whose clock reads the wanted time or later. The
    // clock runs forward over the day before the gap, so a bisection finds it.
    const wanted = Date.UTC(year, month - 1, day, wall.hour, wall.minute);
    let before = local.toMillis() - DAY_MS;
    let after = local.toMillis();
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (this.wallClock(middle) >= wanted) after = middle;
      else before = middle;
    }
    return after;
  }

  /** An instant's wall-clock reading, as a number that orders readings (not an instant). */
  private wallClock(at: number): number {
    const local = DateTime.fromMillis(at, { zone: this.hours.timeZone });
    return Date.UTC(
      local.year,
      local.month - 1,
      local.day,
      local.hour,
      local.minute,
      local.second,
      local.millisecond,
    );
  }
}

const compiled = new WeakMap<BusinessHours, CompiledCalendar>();

/** The calendar compiled, once per calendar object (the settings hand the same object out). */
export function compiledCalendar(hours: BusinessHours): CompiledCalendar {
  let calendar = compiled.get(hours);
  if (!calendar) {
    calendar = new CompiledCalendar(hours);
    compiled.set(hours, calendar);
  }
  return calendar;
}
