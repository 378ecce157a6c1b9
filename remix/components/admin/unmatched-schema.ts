import { z } from 'zod';

import { isLeadKindKey, isObjectId, type LeadKindKey, MESSAGE_ID_PATTERN } from '@contract';
import { formFields } from '~/components/forms/form-fields';

const NO_SUCH_EMAIL = 'No such email.';
const CHOOSE_A_LEAD = 'Choose the lead to attach it to.';

/** An unmatched email's id, by the contract's pattern. */
const messageId = z
  .string({ required_error: NO_SUCH_EMAIL, invalid_type_error: NO_SUCH_EMAIL })
  .regex(MESSAGE_ID_PATTERN, NO_SUCH_EMAIL);

/** A lead as the page's choice posts it: `kind:id`. */
const leadChoice = z
  .string({ required_error: CHOOSE_A_LEAD, invalid_type_error: CHOOSE_A_LEAD })
  .max(64, CHOOSE_A_LEAD)
  .refine((value) => {
    const [kind, id, ...rest] = value.split(':');
    return rest.length === 0 && isLeadKindKey(kind) && isObjectId(id);
  }, CHOOSE_A_LEAD)
  .transform((value) => {
    const [kind, leadId] = value.split(':') as [LeadKindKey, string];
    return { kind, leadId };
  });

/** The Unmatched page's forms, by intent: attaching an email to a lead, or deleting it. */
export const UNMATCHED_FORMS = {
  attach: z.object({ id: messageId, lead: leadChoice }),
  delete: z.object({ id: messageId }),
};

export const ATTACH_FIELDS = formFields(UNMATCHED_FORMS.attach);
