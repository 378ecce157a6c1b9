import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { PASSWORD_MIN_LENGTH } from '@contract';
import { PasswordField } from '~/components/forms/password-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';

import { ErrorAlert } from '../page-parts';
import { type ReauthAsk, ReauthFields } from '../reauth-fields';

import { CHANGE_PASSWORD_FIELDS as FIELDS, PASSWORD_LABELS } from './password-schema';

/** What the password change answered, when it did not go through. */
export interface PasswordResult {
  intent: 'change-password';
  errors?: Partial<Record<keyof typeof PASSWORD_LABELS, string>>;
  message?: string;
  reauth?: ReauthAsk;
}

/** The Account page's password change, posted to its own route. */
export function ChangePassword({ result, busy }: { result?: PasswordResult; busy: boolean }) {
  const errors = result?.errors ?? {};
  return (
    <>
      <ErrorAlert message={result?.message} />
      <Form method="post" action={ACCOUNT_FORM_PATHS.password} noValidate>
        <PasswordField
          id="current-password"
          field={FIELDS.currentPassword}
          label={PASSWORD_LABELS.currentPassword}
          error={errors.currentPassword}
        />
        <PasswordField
          id="new-password"
          field={FIELDS.newPassword}
          purpose="new"
          label={PASSWORD_LABELS.newPassword}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not one of the most common passwords. A few words make a good one.`}
          error={errors.newPassword}
        />
        <PasswordField
          id="repeat-password"
          field={FIELDS.repeatPassword}
          purpose="new"
          label={PASSWORD_LABELS.repeatPassword}
          error={errors.repeatPassword}
        />
        <ReauthFields ask={result?.reauth} idPrefix="change-password" ownPassword />
        <Button type="submit" variant="primary" disabled={busy}>
          Change password
        </Button>
      </Form>
    </>
  );
}
