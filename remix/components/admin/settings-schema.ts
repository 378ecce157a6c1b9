import { z } from 'zod';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  REPLY_LIMITS,
  RESPONSE_TARGET_MINUTES,
  type ResponseTargetsRequest,
} from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText } from '~/components/forms/rules';
import { targetMinutes } from '~/utils/response-target';

/** Each kind's response target fields: an amount, and its unit (hours or minutes). */
export const TARGET_FIELDS = Object.fromEntries(
  LEAD_KIND_KEYS.map((kind) => [kind, { amount: `${kind}-amount`, unit: `${kind}-unit` }]),
) as Record<LeadKindKey, { amount: string; unit: string }>;

export const TARGET_MESSAGE = 'A whole number of minutes or hours, from 1 minute to 30 days.';

/** The response targets' form: every kind's target at once, each said wrong on its own. */
const targets = z
  .object(
    Object.fromEntries(
      LEAD_KIND_KEYS.flatMap((kind) => [
        // Read as posted: what is wrong with either is said once, on its kind.
        [TARGET_FIELDS[kind].amount, z.unknown()],
        [TARGET_FIELDS[kind].unit, z.unknown()],
      ]),
    ),
  )
  .transform((form, context): ResponseTargetsRequest => {
    const body: ResponseTargetsRequest = {};
    for (const kind of LEAD_KIND_KEYS) {
      const minutes = targetMinutes(
        form[TARGET_FIELDS[kind].amount],
        form[TARGET_FIELDS[kind].unit],
      );
      if (
        minutes === null ||
        minutes < RESPONSE_TARGET_MINUTES.min ||
        minutes > RESPONSE_TARGET_MINUTES.max
      )
        context.addIssue({ code: 'custom', path: [kind], message: TARGET_MESSAGE });
      else body[kind] = minutes;
    }
    return body;
  });

/** The Settings page's forms, by intent. */
export const SETTINGS_FORMS = {
  /** One kind's reply template (the API judges its text). */
  template: z.object({
    kind: z.enum(LEAD_KIND_KEYS, { message: 'Unknown kind.' }),
    subject: apiText(REPLY_LIMITS.subject, 'Subject'),
    text: apiText(REPLY_LIMITS.text, 'Message'),
  }),
  targets,
};

export const TEMPLATE_FIELDS = formFields(SETTINGS_FORMS.template);
