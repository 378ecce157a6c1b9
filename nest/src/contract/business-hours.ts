// --- the team's business hours (issue 35) ---------------------------------------------------

/** The days of a week, Monday first (ISO 8601), as a calendar's weekly hours name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * One span of a day's hours, in the calendar's wall-clock time: `HH:MM` from `00:00` to `23:59`,
 * and `to` may be `24:00` (the end of the day). A night shift is two spans, one each side of
 * midnight. A boundary is the first instant the clock shows that time: in a spring-forward gap,
 * the instant the clock jumps past it; in a fall-back hour, its first pass.
 */
export interface BusinessSpan {
  from: string;
  to: string;
}

/**
 * One team calendar. Response targets count only the time inside its spans, outside its holidays.
 * No calendar at all (the default) is 24/7: every hour counts, as it always has.
 */
export interface BusinessHours {
  /** An IANA time zone (`Europe/Berlin`); every span and holiday is read in it. */
  timeZone: string;
  /** Each day's spans, in order, not overlapping; a day left out (or `[]`) is closed. */
  weekly: Partial<Record<Weekday, BusinessSpan[]>>;
  /** Whole days closed, as calendar dates in the zone (`YYYY-MM-DD`), each once. */
  holidays: string[];
}

export const BUSINESS_HOURS_PATH = '/settings/business-hours';

/** Bounds of a calendar as the API takes it (a settings document stays small). */
export const BUSINESS_HOURS_LIMITS = {
  spansPerDay: 8,
  holidays: 1_000,
  timeZoneLength: 64,
} as const;

/** `HH:MM` of a span's start; its end may also be `24:00`. */
export const BUSINESS_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const BUSINESS_END_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const HOLIDAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Answer of `GET`/`PUT /settings/business-hours`: the calendar, or null for 24/7. */
export interface BusinessHoursResponse {
  success: true;
  businessHours: BusinessHours | null;
}

/** Body of `PUT /settings/business-hours`: the whole calendar, or null to count every hour. */
export interface BusinessHoursRequest {
  businessHours: BusinessHours | null;
}
