import { type ActionFunctionArgs, data } from '@remix-run/node';

import { changePassword } from '~/api-client/auth.server';
import { formMessage } from '~/api-client/http.server';
import { type PasswordResult } from '~/components/admin/account/change-password';
import { changePasswordSchema, PASSWORD_LABELS } from '~/components/admin/account/password-schema';
import { fieldErrors } from '~/components/forms/field-errors';
import { firstErrors, readForm } from '~/components/forms/read-form';
import { accountRedirect } from '~/utils/account-notices.server';
import { withFreshFactor } from '~/utils/reauth.server';
import { requireAdmin, saveToken, unlessSessionBlocked } from '~/utils/session.server';

const FIELDS = Object.keys(PASSWORD_LABELS) as (keyof typeof PASSWORD_LABELS)[];
const intent = 'change-password';

/** The Account page's password change: a fresh factor first, then a new session on success. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const read = readForm(form, changePasswordSchema);
  if (!read.ok)
    return data<PasswordResult>({ intent, errors: firstErrors(read.errors, FIELDS) }, 400);
  const { currentPassword, newPassword } = read.value;
  const fresh = await withFreshFactor(
    form,
    token,
    () => changePassword({ currentPassword, newPassword }, token),
    { password: currentPassword },
  );
  if ('reauth' in fresh) {
    const { passwordError, ...reauth } = fresh.reauth;
    return data<PasswordResult>(
      { intent, reauth, ...(passwordError ? { errors: { currentPassword: passwordError } } : {}) },
      { status: 403 },
    );
  }
  const outcome = await unlessSessionBlocked(fresh.done);
  if (outcome.ok)
    return accountRedirect('changed', {
      headers: { 'Set-Cookie': await saveToken(outcome.data.token) },
    });
  const errors = fieldErrors(outcome.errors, PASSWORD_LABELS);
  return data<PasswordResult>(
    { intent, errors, message: formMessage(errors, outcome) },
    { status: outcome.status },
  );
}

// The page with this form's answer (the same component as every route of the page).
export { AccountRoute as default } from './super-secret-admin.account';
