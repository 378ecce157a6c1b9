import { z } from 'zod';

import {
  FIELD_LIMITS,
  PASSKEY_ID_PATTERN,
  PASSKEY_NAME_MAX,
  type PasskeyRegistrationJson,
} from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText, checkedText } from '~/components/forms/rules';

/** A passkey's name, checked before any ceremony (the API applies the same rule). */
const name = checkedText(
  PASSKEY_NAME_MAX,
  {
    blank: 'Enter a name for the passkey.',
    'too-long': `The name may be at most ${PASSKEY_NAME_MAX} characters.`,
    'line-break': 'The name must be on one line.',
    'not-text': 'The name holds a character that cannot be stored (NUL, or half an emoji).',
  },
  { oneLine: true },
);

/** The passkey a rename or removal is about: its credential id, as the API takes it. */
const id = z
  .string({ required_error: 'That passkey is not valid.' })
  .regex(PASSKEY_ID_PATTERN, 'That passkey is not valid.');

export const PASSKEY_ANSWER_MISSING = 'The passkey’s answer did not arrive: try again.';

/** The registration ceremony's answer, as the page's script puts it in the form (JSON text). */
const response = z.string({ required_error: PASSKEY_ANSWER_MISSING }).transform((text, context) => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as PasskeyRegistrationJson;
  } catch {
    // Said below, as for any answer that is not one.
  }
  context.addIssue({ code: 'custom', message: PASSKEY_ANSWER_MISSING });
  return z.NEVER;
});

/** The passkeys' forms on the Account page, by intent. */
export const PASSKEY_FORMS = {
  /**
   * A name (and the password, before the admin's first factor: absent otherwise) asks for the
   * ceremony's options; the page's script runs it and posts its answer as `passkey-add`.
   */
  'passkey-options': z.object({
    name,
    password: apiText(FIELD_LIMITS.password, 'Password').optional(),
  }),
  'passkey-add': z.object({ name, response }),
  'passkey-rename': z.object({ id, name }),
  'passkey-remove': z.object({ id }),
};

export type PasskeyIntent = keyof typeof PASSKEY_FORMS;

export const PASSKEY_OPTIONS_FIELDS = formFields(PASSKEY_FORMS['passkey-options']);
export const PASSKEY_ADD_FIELDS = formFields(PASSKEY_FORMS['passkey-add']);
export const PASSKEY_RENAME_FIELDS = formFields(PASSKEY_FORMS['passkey-rename']);
