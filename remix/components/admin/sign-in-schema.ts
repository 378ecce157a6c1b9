import { z } from 'zod';

import { FIELD_LIMITS, htmlMaxLength, MFA_FIELD_MAX, MFA_METHODS, type MfaMethod } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText, flag, passkeyAnswer } from '~/components/forms/rules';

/** The address the code step names, as it carries it along: read back whatever it holds. */
const shownEmail = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : ''),
  z.string().max(htmlMaxLength(FIELD_LIMITS.email)).catch(''),
);

/** The sign-in's methods as the code step's forms carry them (a comma-separated list). */
const methods = z.preprocess(
  (value) => (typeof value === 'string' ? value : ''),
  z.string().transform((value): MfaMethod[] | undefined => {
    const known: readonly string[] = MFA_METHODS;
    const listed = value.split(',').filter((m): m is MfaMethod => known.includes(m));
    return listed.length > 0 ? listed : undefined;
  }),
);

/** What every form of the code step carries, so the step can be shown again. */
const codeStep = z.object({
  email: shownEmail,
  methods,
  /** The step asks for a recovery code (letters too) instead of the app's 6 digits. */
  recovery: flag,
});

/**
 * The admin area's own forms, posted to its layout route: the sign-in's two steps (the password,
 * then a code or a passkey for an admin with a second factor) and signing out. The API judges the
 * password and the code; a sign-in it refuses says only "Invalid email or password".
 */
export const SIGN_IN_FORMS = {
  'sign-in': z.object({
    email: apiText(FIELD_LIMITS.email, 'Email', { trim: true }),
    password: apiText(FIELD_LIMITS.password, 'Password'),
  }),
  'mfa-verify': codeStep.extend({
    code: apiText(MFA_FIELD_MAX, 'Code', { maxLength: MFA_FIELD_MAX }),
    /** The passkey's answer instead of a code (the page's script fills it in). */
    passkey: passkeyAnswer,
  }),
  /** The code step again, asking for a recovery code. */
  'mfa-recovery': codeStep,
  'sign-out': z.object({}),
};

/** The code step's own fields, read even when its code was refused. */
export const CODE_STEP_SCHEMA = codeStep;

export const PASSWORD_STEP_FIELDS = formFields(SIGN_IN_FORMS['sign-in']);
export const CODE_STEP_FIELDS = formFields(SIGN_IN_FORMS['mfa-verify']);
