import { z } from 'zod';

import { FIELD_LIMITS, MFA_FIELD_MAX } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText } from '~/components/forms/rules';

/** The longest otpauth:// URL a pending secret has (a longer one is none: start again). */
export const OTPAUTH_URL_MAX = 1024;

const password = apiText(FIELD_LIMITS.password, 'Password');
/** A TOTP or recovery code, as typed (the API ignores hyphens and spaces). */
const code = apiText(MFA_FIELD_MAX, 'Code', { trim: true, maxLength: MFA_FIELD_MAX });

/** The second factor's forms on the Account page, by intent: each posts its own fields. */
export const SECOND_FACTOR_FORMS = {
  /** Starts TOTP enrolment. */
  'totp-enrol': z.object({ password }),
  /** A code from the new secret turns it on; the secret's URL comes back to show it again. */
  'totp-confirm': z.object({ code, otpauthUrl: z.string().max(OTPAUTH_URL_MAX).catch('') }),
  'totp-remove': z.object({ password, code }),
  /** A new set of recovery codes (after a factor checked again: withFreshFactor). */
  'recovery-codes': z.object({}),
};

export type SecondFactorIntent = keyof typeof SECOND_FACTOR_FORMS;

export const TOTP_ENROL_FIELDS = formFields(SECOND_FACTOR_FORMS['totp-enrol']);
export const TOTP_CONFIRM_FIELDS = formFields(SECOND_FACTOR_FORMS['totp-confirm']);
export const TOTP_REMOVE_FIELDS = formFields(SECOND_FACTOR_FORMS['totp-remove']);
