import { z } from 'zod';

/** A date field of the form (`YYYY-MM-DD`), or '' when left blank. */
const day = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : ''),
  z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.')]),
);

/** The availability forms on the Account page, by intent. */
export const AVAILABILITY_FORMS = {
  /** Away from a day (blank: now) until a day (blank: until I say I am back). */
  away: z.object({ from: day, until: day }),
  back: z.object({}),
};

/** A day of the form as the instant it starts (UTC), as the API takes dates. */
export const dayStart = (date: string) => `${date}T00:00:00.000Z`;
