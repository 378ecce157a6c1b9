import { dayInZone, instantInZone } from '@contract';

/** The "Remind me" choices of a lead's page: a set time, a picked date, or none. */
export const FOLLOW_UP_CHOICES = ['tomorrow', 'monday', 'date', 'clear'] as const;
export type FollowUpChoice = (typeof FOLLOW_UP_CHOICES)[number];

/** The hour a day's reminder comes at when none is picked: the start of a working day. */
export const FOLLOW_UP_HOUR = 9;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a choice means at `now`, in the viewer's zone: tomorrow at 09:00, next Monday at
 * 09:00 (a week on from a Monday), or a picked `YYYY-MM-DD` at `time` (default 09:00); null to
 * clear. Undefined for a date or time that is not one.
 */
export function followUpInstant(
  choice: FollowUpChoice,
  now: Date,
  zone: string,
  picked: { date?: string; time?: string } = {},
): Date | null | undefined {
  if (choice === 'clear') return null;
  const today = dayInZone(now, zone);
  if (choice !== 'date') {
    const ahead = choice === 'tomorrow' ? 1 : (8 - today.weekday) % 7 || 7;
    return instantInZone({ ...today, day: today.day + ahead }, FOLLOW_UP_HOUR, 0, zone);
  }
  const day = DAY.exec(picked.date ?? '');
  const time = picked.time ? TIME.exec(picked.time) : ['', String(FOLLOW_UP_HOUR), '0'];
  if (!day || !time) return undefined;
  const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const at = instantInZone({ year, month, day: date }, Number(time[1]), Number(time[2]), zone);
  // 2026-02-31 is not a day (Date.UTC would roll it over into March).
  const back = dayInZone(at, zone);
  return back.month === month && back.day === date ? at : undefined;
}
