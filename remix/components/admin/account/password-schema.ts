import { z } from 'zod';

import { FIELD_LIMITS } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText } from '~/components/forms/rules';

export const PASSWORD_LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatPassword: 'Repeat the new password',
} as const;

const password = (label: string) => apiText(FIELD_LIMITS.password, label);

/**
 * The Account page's password change. The API judges the passwords (and says what is wrong with
 * each); the repeat is the one rule it cannot check, as it never sees it.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: password(PASSWORD_LABELS.currentPassword),
    newPassword: password(PASSWORD_LABELS.newPassword),
    repeatPassword: password(PASSWORD_LABELS.repeatPassword),
  })
  .superRefine(({ newPassword, repeatPassword }, context) => {
    if (newPassword !== repeatPassword)
      context.addIssue({
        code: 'custom',
        path: ['repeatPassword'],
        message: 'The two new passwords differ.',
      });
  });

export const CHANGE_PASSWORD_FIELDS = formFields(changePasswordSchema);
