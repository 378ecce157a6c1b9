import { IANAZone } from 'luxon';

import {
  BUSINESS_END_PATTERN,
  BUSINESS_HOURS_LIMITS,
  BUSINESS_TIME_PATTERN,
  type BusinessHours,
  type BusinessSpan,
  WEEKDAYS,
} from '../contract';

import { minutesOf, parseCivilDay } from './civil-days';

/** Messages per field, keyed by path (`businessHours.weekly.mon.1.from`), as a 400 names them. */
export type FieldErrors = Record<string, string[]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An IANA zone's name: letters first, `/`-separated parts (no offsets such as `+01:00`). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * What is wrong with a calendar as sent, per field; none when it can be used. Checks the zone
 * against the platform's IANA data, each day's spans (times, order, overlaps, how many), the
 * holidays (real dates, each once), and that the week has hours at all: a calendar without any
 * would make every target never due (no calendar is how to count every hour).
 */
export function businessHoursErrors(input: unknown, path = 'businessHours'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!isRecord(input)) {
    add(path, `${path} must be an object with timeZone, weekly and holidays (or null for 24/7)`);
    return errors;
  }
  for (const key of Object.keys(input))
    if (!['timeZone', 'weekly', 'holidays'].includes(key)) add(`${path}.${key}`, 'unknown field');
  checkZone(input.timeZone, `${path}.timeZone`, add);
  checkWeek(input.weekly, `${path}.weekly`, add);
  checkHolidays(input.holidays, `${path}.holidays`, add);
  return errors;
}

/** The calendar when valid, else its errors per field. */
export function parseBusinessHours(
  input: unknown,
  path?: string,
): { hours: BusinessHours } | { errors: FieldErrors } {
  const errors = businessHoursErrors(input, path);
  return Object.keys(errors).length > 0 ? { errors } : { hours: input as BusinessHours };
}

type Add = (field: string, message: string) => void;

function checkZone(zone: unknown, field: string, add: Add): void {
  if (typeof zone !== 'string' || zone.length === 0) {
    add(field, 'timeZone must be an IANA time zone such as Europe/Berlin');
    return;
  }
  if (
    zone.length > BUSINESS_HOURS_LIMITS.timeZoneLength ||
    !ZONE_NAME.test(zone) ||
    !IANAZone.isValidZone(zone)
  )
    add(
      field,
      `unknown time zone ${JSON.stringify(zone.slice(0, 80))}: use an IANA name such as Europe/Berlin`,
    );
}

function checkWeek(weekly: unknown, field: string, add: Add): void {
  if (!isRecord(weekly)) {
    add(field, `weekly must be an object of days (${WEEKDAYS.join(', ')}), each a list of spans`);
    return;
  }
  let spans = 0;
  for (const [day, list] of Object.entries(weekly)) {
    if (!(WEEKDAYS as readonly string[]).includes(day)) {
      add(`${field}.${day}`, `unknown day: use ${WEEKDAYS.join(', ')}`);
      continue;
    }
    if (!Array.isArray(list)) {
      add(
        `${field}.${day}`,
        `${day} must be a list of spans such as {"from":"09:00","to":"17:00"}`,
      );
      continue;
    }
    if (list.length > BUSINESS_HOURS_LIMITS.spansPerDay)
      add(`${field}.${day}`, `${day} has more than ${BUSINESS_HOURS_LIMITS.spansPerDay} spans`);
    spans += list.length;
    checkDay(list, `${field}.${day}`, add);
  }
  if (spans === 0)
    add(
      field,
      'the week has no hours: give at least one span (no calendar at all counts every hour)',
    );
}

/** Checks one day's spans, each and against the one before it. */
function checkDay(list: unknown[], field: string, add: Add): void {
  let previous: { from: number; to: number; text: string } | undefined;
  list.forEach((span, i) => {
    const at = `${field}.${i}`;
    const parsed = checkSpan(span, at, add);
    if (!parsed) return;
    if (previous && parsed.from < previous.from)
      add(at, `spans must be in order: this one starts before the one above it`);
    else if (previous && parsed.from < previous.to)
      add(at, `overlaps the span above it (which ends at ${previous.text})`);
    previous = { ...parsed, text: (span as BusinessSpan).to };
  });
}

function checkSpan(span: unknown, at: string, add: Add): { from: number; to: number } | null {
  if (!isRecord(span)) {
    add(at, 'a span is {"from":"HH:MM","to":"HH:MM"}');
    return null;
  }
  for (const key of Object.keys(span))
    if (key !== 'from' && key !== 'to') add(`${at}.${key}`, 'unknown field');
  const fromOk = typeof span.from === 'string' && BUSINESS_TIME_PATTERN.test(span.from);
  const toOk = typeof span.to === 'string' && BUSINESS_END_PATTERN.test(span.to);
  if (!fromOk) add(`${at}.from`, 'from must be a time HH:MM from 00:00 to 23:59');
  if (!toOk) add(`${at}.to`, 'to must be a time HH:MM from 00:01 to 24:00');
  if (!fromOk || !toOk) return null;
  const from = minutesOf(span.from as string);
  const to = minutesOf(span.to as string);
  if (to <= from) {
    add(`${at}.to`, `to must be after from (${String(span.from)}); split a night shift at 24:00`);
    return null;
  }
  return { from, to };
}

function checkHolidays(holidays: unknown, field: string, add: Add): void {
  if (!Array.isArray(holidays)) {
    add(field, 'holidays must be a list of dates YYYY-MM-DD (empty for none)');
    return;
  }
  if (holidays.length > BUSINESS_HOURS_LIMITS.holidays)
    add(field, `at most ${BUSINESS_HOURS_LIMITS.holidays} holidays`);
  const seen = new Set<number>();
  holidays.forEach((holiday, i) => {
    const day = typeof holiday === 'string' ? parseCivilDay(holiday) : null;
    if (day === null) add(`${field}.${i}`, 'a holiday must be a real date YYYY-MM-DD');
    else if (seen.has(day)) add(`${field}.${i}`, `${String(holiday)} is listed twice`);
    else seen.add(day);
  });
}
