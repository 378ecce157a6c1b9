import { type BusinessHours, type BusinessSpan, type Weekday, WEEKDAYS } from '@contract';

/**
 * The Settings page's business hours form: its field names, the calendar it posts, and the API's
 * per-field refusals (`businessHours.weekly.mon.1.from`) said beside the field they are about.
 */
export const BUSINESS_HOURS_INTENT = 'business-hours';

export const BH_FIELDS = {
  mode: 'bh-mode',
  timeZone: 'bh-timeZone',
  holidays: 'bh-holidays',
  span: (day: Weekday, i: number, end: 'from' | 'to') => `bh-${day}-${i}-${end}`,
} as const;

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Mon-Fri 09:00-17:00: what the form offers before a calendar is set. */
export const SUGGESTED_WEEK: BusinessHours['weekly'] = Object.fromEntries(
  WEEKDAYS.slice(0, 5).map((day) => [day, [{ from: '09:00', to: '17:00' }]]),
);

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value.trim() : '');

/** A posted form: the calendar (null: every hour counts), and which form row each span came from. */
export interface PostedBusinessHours {
  calendar: BusinessHours | null;
  rows: Partial<Record<Weekday, number[]>>;
}

/**
 * The calendar a posted form holds. Rows left blank are dropped; everything else goes to the API
 * as typed, which judges it field by field.
 */
export function businessHoursFromForm(form: FormData): PostedBusinessHours {
  if (text(form.get(BH_FIELDS.mode)) !== 'calendar') return { calendar: null, rows: {} };
  const weekly: Partial<Record<Weekday, BusinessSpan[]>> = {};
  const rows: PostedBusinessHours['rows'] = {};
  for (const day of WEEKDAYS)
    for (let i = 0; form.has(BH_FIELDS.span(day, i, 'from')); i++) {
      const from = text(form.get(BH_FIELDS.span(day, i, 'from')));
      const to = text(form.get(BH_FIELDS.span(day, i, 'to')));
      if (!from && !to) continue;
      (weekly[day] ??= []).push({ from, to });
      (rows[day] ??= []).push(i);
    }
  const holidays = text(form.get(BH_FIELDS.holidays))
    .split(/[\s,]+/)
    .filter(Boolean);
  return { calendar: { timeZone: text(form.get(BH_FIELDS.timeZone)), weekly, holidays }, rows };
}

/** A message as a sentence: capital first, full stop last. */
const sentence = (message: string) =>
  `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`;

/**
 * The API's refusals by the form's own places: a field id (`bh-mon-1-from`), a day (`bh-mon`), the
 * week (`bh-week`), the zone or the holidays; anything else under `general`. Each place says its
 * messages in sentences, a holiday naming the date it is about.
 */
export function businessHoursErrorsByField(
  errors: Record<string, string[]> | undefined,
  { calendar, rows }: PostedBusinessHours,
): Record<string, string> {
  const out: Record<string, string[]> = {};
  const add = (place: string, message: string) => (out[place] ??= []).push(sentence(message));
  for (const [path, messages] of Object.entries(errors ?? {}))
    for (const message of messages) {
      const parts = path.split('.');
      if (parts[0] !== 'businessHours' || parts.length === 1) add('general', message);
      else if (parts[1] === 'timeZone') add(BH_FIELDS.timeZone, message);
      else if (parts[1] === 'holidays') {
        const date = parts[2] === undefined ? undefined : calendar?.holidays[Number(parts[2])];
        add(BH_FIELDS.holidays, date === undefined ? message : `${date}: ${message}`);
      } else if (parts[1] === 'weekly') {
        const [, , day, index, end] = parts;
        if (!day) add('bh-week', message);
        else if (!(WEEKDAYS as readonly string[]).includes(day) || index === undefined)
          add(`bh-${day}`, message);
        else {
          const row = rows[day as Weekday]?.[Number(index)] ?? Number(index);
          add(BH_FIELDS.span(day as Weekday, row, end === 'to' ? 'to' : 'from'), message);
        }
      } else add('general', message);
    }
  return Object.fromEntries(Object.entries(out).map(([place, list]) => [place, list.join(' ')]));
}
