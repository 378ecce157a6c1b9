import { z } from 'zod';

import { TIME_ZONE_MAX_LENGTH } from '@contract';

/**
 * The Account page's time zone form: a zone of the list, or none (the browser's). Which zones are
 * valid is the API's to judge: it answers in its own words per field.
 */
export const TIME_ZONE_FORMS = {
  'time-zone': z.object({ timeZone: z.string().max(TIME_ZONE_MAX_LENGTH).optional() }),
};
