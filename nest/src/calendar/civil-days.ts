/**
 * Calendar dates as whole numbers: days since 1970-01-01 of the proleptic Gregorian calendar. Pure
 * date arithmetic (no time zone is involved): the next day is `n + 1`, whatever the zone's clocks
 * do that night.
 */
export type CivilDay = number;

const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export const civilDayOf = ({ year, month, day }: CivilDate): CivilDay =>
  Math.round(Date.UTC(year, month - 1, day) / DAY_MS);

export function civilDateOf(n: CivilDay): CivilDate {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The day of the week, Monday 0 as WEEKDAYS counts (1970-01-01 was a Thursday). */
export const weekdayOf = (n: CivilDay): number => (((n + 3) % 7) + 7) % 7;

/** `YYYY-MM-DD` as a day, or null when it is no real date (`2025-02-30`). */
export function parseCivilDay(text: string): CivilDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const n = civilDayOf(date);
  const back = civilDateOf(n);
  return back.year === date.year && back.month === date.month && back.day === date.day ? n : null;
}

/** `HH:MM` (or `24:00`) as minutes since midnight. */
export function minutesOf(text: string): number {
  const [hours, minutes] = text.split(':');
  return Number(hours) * 60 + Number(minutes);
}
