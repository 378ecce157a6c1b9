import { z } from 'zod';

import { FIELD_LIMITS, MFA_FIELD_MAX } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText, flag, passkeyAnswer } from '~/components/forms/rules';

/**
 * The fields ReauthFields adds to a security change's form when the API asks for a factor checked
 * again, and what was asked (hidden, so the same is asked again after a wrong answer). Read by
 * withFreshFactor, beside the form's own schema.
 */
export const reauthSchema = z.object({
  /** The form carries the reauthentication. */
  reauth: flag,
  reauthWithCode: flag,
  /** '0': the admin has no TOTP (the code is a recovery code). */
  reauthWithTotp: z.preprocess((value) => value !== '0', z.boolean()),
  reauthWithPasskey: flag,
  reauthPassword: apiText(FIELD_LIMITS.password, 'Password'),
  reauthCode: apiText(MFA_FIELD_MAX, 'Code', { trim: true, maxLength: MFA_FIELD_MAX }),
  reauthPasskey: passkeyAnswer,
});

export type ReauthAnswer = z.output<typeof reauthSchema>;

export const REAUTH_FIELDS = formFields(reauthSchema);
