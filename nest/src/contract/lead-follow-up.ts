// --- a lead's follow-up date ("Remind me", issue 32) -----------------------------------------

/**
 * How far in the past a follow-up may be set (clocks differ; a "now" picked in a form takes a
 * moment to arrive), and how far ahead: a reminder past a year is a calendar's job, not the inbox's.
 */
export const FOLLOW_UP_LIMITS = { pastSkewMs: 5 * 60_000, maxAheadDays: 366 } as const;

/** Body of `POST …/:id/follow-up`: when to be reminded (ISO 8601 with a zone), or null to clear. */
export interface LeadFollowUpRequest {
  at: string | null;
}

export interface LeadFollowUpResponse {
  success: true;
  /** The follow-up now set (ISO 8601), or null. */
  followUpAt: string | null;
}

/** An ISO 8601 / RFC 3339 date and time with a zone (Z or ±hh:mm); seconds, fraction optional. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * Why `value` cannot be a follow-up time at `now` (undefined: it can). Shared by the API's check
 * and the admin's form, so both say the same.
 */
export function followUpProblem(value: unknown, now: Date): string | undefined {
  if (value === null) return undefined;
  const at = typeof value === 'string' ? followUpTime(value) : Number.NaN;
  if (Number.isNaN(at))
    return 'at must be an ISO 8601 date and time with a zone (e.g. 2026-12-01T09:00:00Z), or null';
  if (at < now.getTime() - FOLLOW_UP_LIMITS.pastSkewMs) return 'at must not be in the past';
  if (at > now.getTime() + FOLLOW_UP_LIMITS.maxAheadDays * 86_400_000)
    return `at must be within ${FOLLOW_UP_LIMITS.maxAheadDays} days from now`;
  return undefined;
}

/** The longest follow-up time taken (a date, a time with any fraction, a zone). */
export const FOLLOW_UP_TIME_MAX_LENGTH = 64;

/** A follow-up's time in milliseconds (NaN when `value` is not one): RFC 3339's lower case too. */
export function followUpTime(value: string): number {
  return value.length <= FOLLOW_UP_TIME_MAX_LENGTH && ISO_WITH_ZONE.test(value)
    ? Date.parse(value.toUpperCase())
    : Number.NaN;
}
