import { z } from 'zod';

import { FIELD_LIMITS, htmlMaxLength } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { INVALID_REQUEST } from '~/components/forms/read-form';
import { flag } from '~/components/forms/rules';

/** The Privacy page's one form: erasing an address's requests, once its confirmation says so. */
export const PRIVACY_FORMS = {
  erase: z.object({
    /** The address looked up, as the page wrote it (trimmed, as every address is compared). */
    email: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : ''),
      z.string().min(1, INVALID_REQUEST).max(htmlMaxLength(FIELD_LIMITS.email), INVALID_REQUEST),
    ),
    /** Only the confirmation's own form erases; anything else is asked first. */
    confirmed: flag,
  }),
};

export const ERASE_FIELDS = formFields(PRIVACY_FORMS.erase);
