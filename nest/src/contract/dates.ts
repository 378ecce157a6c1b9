// Full dates as a viewer reads them, in their IANA time zone: one module for the web's pages (server
// and browser), the API's CSV exports and its emails to admins, so each says the same instant the
// same way.
//
// Only the numbers come from `Intl.DateTimeFormat`; the words (weekday, month) and the offset are
// written here. The server's ICU and the browser's differ in version, and with them in details
// ("Sep" or "Sept", a narrow no-break space before a zone name): text built from numbers alone is
// the same on both, so a page renders on the server exactly as it hydrates.

import { isTimeZone } from './insights';

/** The zone when none is known or the one given is not valid. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The longest zone name accepted (the IANA database's longest is 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Where an admin chooses their zone (beside AUTH_PATHS: the account's own calls). */
export const TIME_ZONE_PATH = '/auth/time-zone';

/**
 * The zone the admin's dates are shown in, one of `timeZoneChoices()` (POST /auth/time-zone); null to follow the browser's
 * zone again.
 */
export interface TimeZoneRequest {
  timeZone: string | null;
}
export interface TimeZoneResponse {
  success: true;
  timeZone: string | null;
}

let choices: readonly string[] | undefined;

/**
 * IANA's current names for zones the platform's ICU still lists by an old one (CLDR keeps its
 * first ids): a user looks for Kolkata and Kyiv, not Calcutta and Kiev.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The zones an admin may choose: UTC, then every IANA zone the platform lists (Node 20 leaves UTC
 * out of `Intl.supportedValuesOf`), under its current name when the platform knows that name.
 */
export function timeZoneChoices(): readonly string[] {
  choices ??= [
    DEFAULT_TIME_ZONE,
    ...Intl.supportedValuesOf('timeZone')
      .filter((zone) => zone !== DEFAULT_TIME_ZONE)
      .map((zone) => {
        const current = RENAMED[zone];
        return current && isTimeZone(current) ? current : zone;
      })
      .sort(),
  ];
  return choices;
}

let choiceSet: ReadonlySet<string> | undefined;

/**
 * Whether `value` is one of `timeZoneChoices()`: a choice in a form. (A zone stored under its old
 * name still renders, and the Account page's list shows it beside the others.)
 */
export function isTimeZoneChoice(value: unknown): value is string {
  choiceSet ??= new Set(timeZoneChoices());
  return typeof value === 'string' && choiceSet.has(value);
}

/**
 * The zone to render in: `value` when the platform knows it as an IANA zone (a browser may name a
 * zone by an older alias, such as Asia/Calcutta), else UTC.
 */
export function zoneOrDefault(value: unknown): string {
  return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An instant's wall clock in a zone, and the zone's offset from UTC then (minutes). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
  offsetMinutes: number;
  /** The offset exactly (a zone's early local mean time has seconds). */
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function numbersIn(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      era: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function wallClock(at: Date, zone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of numbersIn(zone).formatToParts(at)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  // Years before 1 AD are written by era ("2 BC"): year 0 is 1 BC.
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra;
  const month = Number(parts.month);
  const day = Number(parts.day);
  // Some ICU versions still write midnight as 24 despite h23.
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const millisecond = ((at.getTime() % 1000) + 1000) % 1000;
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(year, month - 1, day);
  asUtc.setUTCHours(hour, minute, second, millisecond);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond,
    weekday: asUtc.getUTCDay(),
    offsetMinutes: Math.round((asUtc.getTime() - at.getTime()) / 60_000),
    offsetMs: asUtc.getTime() - at.getTime(),
  };
}

/** How far a zone's wall clock is ahead of UTC at an instant, in ms. */
export function zoneOffsetMs(at: Date, zone: string): number {
  return wallClock(at, zone).offsetMs;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** `+05:30`, `-05:00`; `Z` for UTC itself when `utcAsZ`. */
function offsetText(minutes: number, utcAsZ: boolean): string {
  if (minutes === 0 && utcAsZ) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** How the zone is named after a time: `UTC`, or its offset then, `UTC-05:00`. */
function zoneLabel(zone: string, offsetMinutes: number): string {
  return zone === DEFAULT_TIME_ZONE ? 'UTC' : `UTC${offsetText(offsetMinutes, false)}`;
}

const yearText = (year: number) => (year < 0 ? `-${pad(year, 4)}` : pad(year, 4));

const toDate = (at: Date | string) => (at instanceof Date ? at : new Date(at));

/**
 * An exact date, to the second, with the zone's offset then: `Fri, 20 Nov 2026 19:02:44 UTC-05:00`
 * (in UTC: `Sat, 21 Nov 2026 00:02:44 UTC`). An invalid date is written as `Invalid Date`.
 */
export function formatExactDate(at: Date | string, zone: string): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const clock = wallClock(date, zone);
  return (
    `${WEEKDAYS[clock.weekday]!.slice(0, 3)}, ${pad(clock.day)} ${MONTHS[clock.month - 1]!.slice(0, 3)} ` +
    `${yearText(clock.year)} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)} ` +
    zoneLabel(zone, clock.offsetMinutes)
  );
}

/**
 * A full date for a title or a screen reader, to the minute, naming the zone:
 * `Friday 20 November 2026, 19:02 (America/New_York, UTC-05:00)`; in UTC, `… 00:02 UTC`.
 */
export function formatFullDate(at: Date | string, zone: string): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const clock = wallClock(date, zone);
  const text =
    `${WEEKDAYS[clock.weekday]} ${clock.day} ${MONTHS[clock.month - 1]} ${yearText(clock.year)}, ` +
    `${pad(clock.hour)}:${pad(clock.minute)}`;
  return zone === DEFAULT_TIME_ZONE
    ? `${text} UTC`
    : `${text} (${zone}, ${zoneLabel(zone, clock.offsetMinutes)})`;
}

/**
 * ISO 8601 with the zone's offset then, to the millisecond: `2026-11-20T19:02:44.000-05:00`. In UTC
 * it is what `toISOString()` writes (`…Z`) for years 0 to 9999.
 */
export function isoInZone(at: Date | string, zone: string): string {
  const date = toDate(at);
  if (zone === DEFAULT_TIME_ZONE) return date.toISOString();
  const clock = wallClock(date, zone);
  return (
    `${yearText(clock.year)}-${pad(clock.month)}-${pad(clock.day)}T` +
    `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}.${pad(clock.millisecond, 3)}` +
    offsetText(clock.offsetMinutes, false)
  );
}
