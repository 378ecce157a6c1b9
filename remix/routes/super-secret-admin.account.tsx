import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import { FIELD_LIMITS, htmlMaxLength, PASSWORD_MIN_LENGTH } from '@contract';
import { changePassword, checkToken, logoutAll } from '~/api-client/auth.server';
import { formMessage, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { CardSection, ErrorAlert, useBusy } from '~/components/admin/page-parts';
import { fieldErrors, FormField } from '~/components/forms/form-field';
import { ACCOUNT_PATH } from '~/config/paths';
import { adminPageMeta } from '~/utils/admin-meta';
import { requireAdmin, saveToken, signInRedirect } from '~/utils/session.server';

const NOTICES: Record<string, { text: string; variant: 'warning' | 'success' }> = {
  'must-change': {
    variant: 'warning',
    text: 'You signed in with an initial password. Choose your own password to continue.',
  },
  changed: {
    variant: 'success',
    text: 'Your password has been changed. Your other sessions have been signed out.',
  },
};

const LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatPassword: 'Repeat the new password',
} as const;
type PasswordField = keyof typeof LABELS;

export interface AccountActionResult {
  intent: 'change-password' | 'sign-out-everywhere';
  errors?: Partial<Record<PasswordField, string>>;
  message?: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const check = await checkToken(token);
  if (!check.ok) throw new Response(UNAVAILABLE_MESSAGE, { status: 503 });
  if (!check.data.success) throw await signInRedirect('expired');
  const dueNow = check.data.mustChangePassword === true;
  const reason = new URL(request.url).searchParams.get('reason') ?? '';
  // The "must change" notice stays while the change is due, however the admin got here.
  const notice = dueNow ? NOTICES['must-change'] : reason === 'changed' ? NOTICES.changed : null;
  return { mustChangePassword: dueNow, notice: notice ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'change-password') return changeOwnPassword(form, token);
  if (intent === 'sign-out-everywhere') {
    const outcome = await logoutAll(token);
    if (outcome.ok || outcome.status === 401) return signInRedirect('signed-out-everywhere');
    return data<AccountActionResult>(
      { intent, message: outcome.message },
      { status: outcome.status },
    );
  }
  return data({ intent: null, message: 'Unknown action.' }, { status: 400 });
}

async function changeOwnPassword(form: FormData, token: string) {
  const currentPassword = String(form.get('currentPassword') ?? '');
  const newPassword = String(form.get('newPassword') ?? '');
  const repeatPassword = String(form.get('repeatPassword') ?? '');
  const intent = 'change-password' as const;
  // The one rule the API cannot check: it never sees the repeat.
  if (newPassword !== repeatPassword)
    return data<AccountActionResult>(
      { intent, errors: { repeatPassword: 'The two new passwords differ.' } },
      { status: 400 },
    );
  const outcome = await changePassword({ currentPassword, newPassword }, token);
  if (outcome.ok)
    return redirect(`${ACCOUNT_PATH}?reason=changed`, {
      headers: { 'Set-Cookie': await saveToken(outcome.data.token) },
    });
  if (outcome.status === 401) throw await signInRedirect('expired');
  const errors = fieldErrors(outcome.errors, LABELS);
  return data<AccountActionResult>(
    {
      intent,
      errors,
      message: formMessage(errors, outcome),
    },
    { status: outcome.status },
  );
}

export default function AccountRoute() {
  const { mustChangePassword, notice } = useLoaderData<typeof loader>();
  const result = useActionData<AccountActionResult>();
  const busy = useBusy();
  const changeResult = result?.intent === 'change-password' ? result : undefined;
  const errors = changeResult?.errors ?? {};

  return (
    <>
      <h2 className="h4 mb-3">Account</h2>
      {notice ? (
        <Alert variant={notice.variant} role="status">
          {notice.text}
        </Alert>
      ) : null}
      <div className="row g-4">
        <CardSection
          id="change-password-heading"
          title="Change password"
          className="col-12 col-lg-6"
        >
          <ErrorAlert message={changeResult?.message} />
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <FormField
              id="current-password"
              name="currentPassword"
              type="password"
              label={LABELS.currentPassword}
              autoComplete="current-password"
              maxLength={htmlMaxLength(FIELD_LIMITS.password)}
              required
              error={errors.currentPassword}
            />
            <FormField
              id="new-password"
              name="newPassword"
              type="password"
              label={LABELS.newPassword}
              autoComplete="new-password"
              maxLength={htmlMaxLength(FIELD_LIMITS.password)}
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not one of the most common passwords. A few words make a good one.`}
              error={errors.newPassword}
            />
            <FormField
              id="repeat-password"
              name="repeatPassword"
              type="password"
              label={LABELS.repeatPassword}
              autoComplete="new-password"
              maxLength={htmlMaxLength(FIELD_LIMITS.password)}
              required
              error={errors.repeatPassword}
            />
            <Button type="submit" variant="primary" disabled={busy}>
              Change password
            </Button>
          </Form>
        </CardSection>
        <CardSection id="sessions-heading" title="Sessions" className="col-12 col-lg-6">
          {mustChangePassword ? (
            <p className="mb-0">Change your password first; then you can manage sessions.</p>
          ) : (
            <>
              <p>
                Signed in on another device, or left a session open somewhere? Signing out
                everywhere ends every session of your account, this one included.
              </p>
              <ErrorAlert
                message={result?.intent === 'sign-out-everywhere' ? result.message : undefined}
              />
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out-everywhere" />
                <Button type="submit" variant="outline-danger" disabled={busy}>
                  Sign out everywhere
                </Button>
              </Form>
            </>
          )}
        </CardSection>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Account');
