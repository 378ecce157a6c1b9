import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import {
  characterCount,
  FIELD_LIMITS,
  htmlMaxLength,
  PASSKEY_NAME_MAX,
  type PasskeyRegistrationJson,
  PASSWORD_MIN_LENGTH,
} from '@contract';
import { changePassword, checkToken, logoutAll } from '~/api-client/auth.server';
import { formMessage, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import {
  confirmTotp,
  enrolTotp,
  listPasskeys,
  mfaStatus,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  removeTotp,
  renamePasskey,
  renewRecoveryCodes,
} from '~/api-client/mfa.server';
import { endSession, listSessions } from '~/api-client/sessions.server';
import { Passkeys, type PasskeysResult } from '~/components/admin/account/passkeys';
import { SecondFactor, type SecondFactorResult } from '~/components/admin/account/second-factor';
import { SessionsList } from '~/components/admin/account/sessions-list';
import { CardSection, ErrorAlert, useBusy } from '~/components/admin/page-parts';
import { type ReauthAsk, ReauthFields } from '~/components/admin/reauth-fields';
import { fieldErrors, FormField } from '~/components/forms/form-field';
import { ACCOUNT_PATH } from '~/config/paths';
import { adminPageMeta } from '~/utils/admin-meta';
import { qrCodeDataUrl } from '~/utils/qr-code.server';
import { withFreshFactor } from '~/utils/reauth.server';
import {
  requireAdmin,
  saveToken,
  signInRedirect,
  unlessSessionBlocked,
} from '~/utils/session.server';
import { waitText } from '~/utils/wait-text';

const NOTICES: Record<string, { text: string; variant: 'warning' | 'success' }> = {
  'must-change': {
    variant: 'warning',
    text: 'You signed in with an initial password. Choose your own password to continue.',
  },
  'mfa-setup': {
    variant: 'warning',
    text: 'Every admin here needs a second factor. Set up an authenticator app or add a passkey to continue.',
  },
  changed: {
    variant: 'success',
    text: 'Your password has been changed. Your other sessions have been signed out.',
  },
  'mfa-removed': {
    variant: 'success',
    text: 'The second factor is off: your password alone signs you in.',
  },
  'totp-removed': {
    variant: 'success',
    text: 'The authenticator app is off: sign-in asks for one of your passkeys.',
  },
  'passkey-added': { variant: 'success', text: 'Your passkey has been added.' },
  'passkey-renamed': { variant: 'success', text: 'The passkey has been renamed.' },
  'passkey-removed': { variant: 'success', text: 'The passkey has been removed.' },
  'session-ended': { variant: 'success', text: 'That session has been signed out.' },
};

const LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatPassword: 'Repeat the new password',
} as const;
type PasswordField = keyof typeof LABELS;

export interface AccountActionResult
  extends Omit<SecondFactorResult, 'errors'>, Omit<PasskeysResult, 'errors'> {
  errors?: Partial<Record<'password' | 'code' | 'name', string>>;
  intent:
    | 'change-password'
    | 'sign-out-everywhere'
    | 'end-session'
    | 'totp-enrol'
    | 'totp-confirm'
    | 'totp-remove'
    | 'recovery-codes'
    | 'passkey-options'
    | 'passkey-add'
    | 'passkey-rename'
    | 'passkey-remove';
  passwordErrors?: Partial<Record<PasswordField, string>>;
  reauth?: ReauthAsk;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const check = await checkToken(token);
  if (!check.ok) throw new Response(UNAVAILABLE_MESSAGE, { status: 503 });
  if (!check.data.success)
    throw await signInRedirect(check.data.sessionTimedOut ? 'timed-out' : 'expired');
  const dueNow = check.data.mustChangePassword === true;
  const setupDue = check.data.mfaSetupRequired === true;
  const reason = new URL(request.url).searchParams.get('reason') ?? '';
  // A gate's notice stays while it holds, however the admin got here; the others only once.
  const notice = dueNow
    ? NOTICES['must-change']
    : setupDue
      ? NOTICES['mfa-setup']
      : reason === 'must-change' || reason === 'mfa-setup' || !Object.hasOwn(NOTICES, reason)
        ? null
        : NOTICES[reason];
  // An initial password comes first: until it is changed, nothing else answers.
  const [mfa, passkeys, sessions] = dueNow
    ? [null, null, null]
    : await Promise.all([
        mfaStatus(token).then(unlessSessionBlocked),
        listPasskeys(token).then(unlessSessionBlocked),
        setupDue ? null : listSessions(token).then(unlessSessionBlocked),
      ]);
  if (mfa && !mfa.ok) throw new Response(UNAVAILABLE_MESSAGE, { status: 503 });
  if (passkeys && !passkeys.ok) throw new Response(UNAVAILABLE_MESSAGE, { status: 503 });
  if (sessions && !sessions.ok) throw new Response(UNAVAILABLE_MESSAGE, { status: 503 });
  return {
    mustChangePassword: dueNow,
    mfaSetupRequired: setupDue,
    notice: notice ?? null,
    mfa: mfa
      ? {
          totp: mfa.data.totp,
          passkeys: mfa.data.passkeys,
          recoveryCodesLeft: mfa.data.recoveryCodesLeft,
        }
      : null,
    passkeys: passkeys ? passkeys.data.passkeys : null,
    sessions: sessions ? sessions.data.sessions : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'change-password') return changeOwnPassword(form, token);
  if (intent === 'sign-out-everywhere') {
    const outcome = await logoutAll(token);
    if (outcome.ok || outcome.status === 401) return signInRedirect('signed-out-everywhere');
    return refused(intent, outcome);
  }
  if (intent === 'end-session') return endOne(form, token);
  if (intent === 'totp-enrol') return startEnrolment(form, token);
  if (intent === 'totp-confirm') return confirmEnrolment(form, token);
  if (intent === 'totp-remove') return removeFactor(form, token);
  if (intent === 'recovery-codes') return newRecoveryCodes(form, token);
  if (intent === 'passkey-options') return passkeyOptions(form, token);
  if (intent === 'passkey-add') return addPasskey(form, token);
  if (intent === 'passkey-rename') return renameOne(form, token);
  if (intent === 'passkey-remove') return removeOne(form, token);
  return data({ intent: null, message: 'Unknown action.' }, { status: 400 });
}

/** A refusal shown above its form: the API's message, or how long to wait after a 429. */
function refused(
  intent: AccountActionResult['intent'],
  outcome: { status: number; message: string; retryAfter?: number },
  extra: Partial<AccountActionResult> = {},
) {
  const message =
    outcome.status === 429
      ? `Too many attempts. Please try again in ${waitText(outcome.retryAfter)}.`
      : outcome.message;
  return data<AccountActionResult>({ intent, message, ...extra }, { status: outcome.status });
}

async function changeOwnPassword(form: FormData, token: string) {
  const currentPassword = String(form.get('currentPassword') ?? '');
  const newPassword = String(form.get('newPassword') ?? '');
  const repeatPassword = String(form.get('repeatPassword') ?? '');
  const intent = 'change-password' as const;
  // The one rule the API cannot check: it never sees the repeat.
  if (newPassword !== repeatPassword)
    return data<AccountActionResult>(
      { intent, passwordErrors: { repeatPassword: 'The two new passwords differ.' } },
      { status: 400 },
    );
  const fresh = await withFreshFactor(
    form,
    token,
    () => changePassword({ currentPassword, newPassword }, token),
    'currentPassword',
  );
  if ('reauth' in fresh) {
    const { passwordError, ...reauth } = fresh.reauth;
    return data<AccountActionResult>(
      {
        intent,
        reauth,
        ...(passwordError ? { passwordErrors: { currentPassword: passwordError } } : {}),
      },
      { status: 403 },
    );
  }
  const outcome = await unlessSessionBlocked(fresh.done);
  if (outcome.ok)
    return redirect(`${ACCOUNT_PATH}?reason=changed`, {
      headers: { 'Set-Cookie': await saveToken(outcome.data.token) },
    });
  const passwordErrors = fieldErrors(outcome.errors, LABELS);
  return data<AccountActionResult>(
    { intent, passwordErrors, message: formMessage(passwordErrors, outcome) },
    { status: outcome.status },
  );
}

async function endOne(form: FormData, token: string) {
  const outcome = await unlessSessionBlocked(await endSession(String(form.get('id') ?? ''), token));
  if (!outcome.ok) return refused('end-session', outcome);
  // Ending this very session is signing out.
  const still = await checkToken(token);
  if (still.ok && !still.data.success) return signInRedirect('signed-out');
  return redirect(`${ACCOUNT_PATH}?reason=session-ended`);
}

async function startEnrolment(form: FormData, token: string) {
  const intent = 'totp-enrol' as const;
  const outcome = await unlessSessionBlocked(
    await enrolTotp(String(form.get('password') ?? ''), token),
  );
  if (!outcome.ok) {
    const errors = fieldErrors(outcome.errors, { password: 'Password' });
    return errors.password
      ? data<AccountActionResult>({ intent, errors }, { status: outcome.status })
      : refused(intent, outcome);
  }
  return data<AccountActionResult>({
    intent,
    enrolment: await enrolmentView(outcome.data.otpauthUrl, outcome.data.secret),
  });
}

const OTPAUTH_URL_MAX = 1024;

/** The QR code and key of a pending secret; from a refused confirmation's form, when it is one. */
async function enrolmentView(otpauthUrl: string, secret?: string) {
  let key = secret;
  if (
    key === undefined &&
    otpauthUrl.length <= OTPAUTH_URL_MAX &&
    otpauthUrl.startsWith('otpauth://totp/')
  )
    key = new URL(otpauthUrl).searchParams.get('secret') ?? undefined;
  if (!key) return undefined;
  return { otpauthUrl, secret: key, qrCode: await qrCodeDataUrl(otpauthUrl) };
}

async function confirmEnrolment(form: FormData, token: string) {
  const intent = 'totp-confirm' as const;
  const outcome = await unlessSessionBlocked(
    await confirmTotp(String(form.get('code') ?? '').trim(), token),
  );
  if (outcome.ok)
    return data<AccountActionResult>({ intent, recoveryCodes: outcome.data.recoveryCodes });
  // A wrong code: the same QR code again, the code marked. Anything else: start over.
  const errors = fieldErrors(outcome.errors, { code: 'Code' });
  if (outcome.status === 400 && errors.code) {
    const enrolment = await enrolmentView(String(form.get('otpauthUrl') ?? ''));
    return data<AccountActionResult>(
      { intent, errors, ...(enrolment ? { enrolment } : { message: 'Start again.' }) },
      { status: 400 },
    );
  }
  return refused(intent, outcome);
}

async function removeFactor(form: FormData, token: string) {
  const intent = 'totp-remove' as const;
  const outcome = await unlessSessionBlocked(
    await removeTotp(
      {
        password: String(form.get('password') ?? ''),
        code: String(form.get('code') ?? '').trim(),
      },
      token,
    ),
  );
  if (outcome.ok) {
    // With a passkey left, the password alone does not sign in.
    const left = await mfaStatus(token);
    const passkeyLeft = left.ok && left.data.passkeys > 0;
    return redirect(`${ACCOUNT_PATH}?reason=${passkeyLeft ? 'totp-removed' : 'mfa-removed'}`);
  }
  const errors = fieldErrors(outcome.errors, { password: 'Password', code: 'Code' });
  if (errors.password || errors.code)
    return data<AccountActionResult>({ intent, errors }, { status: outcome.status });
  // 409 says why it stays (ADMIN_MFA=required) in the API's own words.
  return refused(intent, outcome);
}

async function newRecoveryCodes(form: FormData, token: string) {
  const intent = 'recovery-codes' as const;
  const fresh = await withFreshFactor(form, token, () => renewRecoveryCodes(token));
  if ('reauth' in fresh)
    return data<AccountActionResult>({ intent, reauth: fresh.reauth }, { status: 403 });
  const outcome = await unlessSessionBlocked(fresh.done);
  if (!outcome.ok) return refused(intent, outcome);
  return data<AccountActionResult>({ intent, recoveryCodes: outcome.data.recoveryCodes });
}

/** A passkey name as the API takes it, or what is wrong with it (checked before the ceremony). */
function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name for the passkey.';
  if (characterCount(name) > PASSKEY_NAME_MAX)
    return `The name may be at most ${PASSKEY_NAME_MAX} characters.`;
  return null;
}

/** The registration ceremony's options, asked for by the page's script (a fetcher). */
async function passkeyOptions(form: FormData, token: string) {
  const intent = 'passkey-options' as const;
  const problem = nameProblem(String(form.get('name') ?? ''));
  if (problem)
    return data<AccountActionResult>({ intent, errors: { name: problem } }, { status: 400 });
  const password = form.get('password');
  const fresh = await withFreshFactor(form, token, () =>
    passkeyRegistrationOptions(password === null ? undefined : String(password), token),
  );
  if ('reauth' in fresh)
    return data<AccountActionResult>({ intent, reauth: fresh.reauth }, { status: 403 });
  const outcome = await unlessSessionBlocked(fresh.done);
  if (outcome.ok)
    return data<AccountActionResult>({ intent, passkeyOptions: outcome.data.options });
  const errors = fieldErrors(outcome.errors, { password: 'Password' });
  return errors.password
    ? data<AccountActionResult>({ intent, errors }, { status: outcome.status })
    : refused(intent, outcome);
}

/** The registration ceremony's answer, with the passkey's name. */
async function addPasskey(form: FormData, token: string) {
  const intent = 'passkey-add' as const;
  const name = String(form.get('name') ?? '');
  const problem = nameProblem(name);
  if (problem)
    return data<AccountActionResult>({ intent, errors: { name: problem } }, { status: 400 });
  let response: PasskeyRegistrationJson;
  try {
    response = JSON.parse(String(form.get('response') ?? '')) as PasskeyRegistrationJson;
  } catch {
    return data<AccountActionResult>(
      { intent, message: 'The passkey’s answer did not arrive: try again.' },
      { status: 400 },
    );
  }
  const outcome = await unlessSessionBlocked(await registerPasskey({ name, response }, token));
  if (!outcome.ok) {
    const errors = fieldErrors(outcome.errors, { name: 'Name' });
    return errors.name
      ? data<AccountActionResult>({ intent, errors }, { status: outcome.status })
      : refused(intent, outcome);
  }
  // The first factor comes with recovery codes, shown once.
  if (outcome.data.recoveryCodes)
    return data<AccountActionResult>({ intent, recoveryCodes: outcome.data.recoveryCodes });
  return redirect(`${ACCOUNT_PATH}?reason=passkey-added`);
}

async function renameOne(form: FormData, token: string) {
  const intent = 'passkey-rename' as const;
  const id = String(form.get('id') ?? '');
  const name = String(form.get('name') ?? '');
  const problem = nameProblem(name);
  if (problem)
    return data<AccountActionResult>({ intent, id, errors: { name: problem } }, { status: 400 });
  const outcome = await unlessSessionBlocked(await renamePasskey(id, name, token));
  if (outcome.ok) return redirect(`${ACCOUNT_PATH}?reason=passkey-renamed`);
  const errors = fieldErrors(outcome.errors, { name: 'Name' });
  return errors.name
    ? data<AccountActionResult>({ intent, id, errors }, { status: outcome.status })
    : refused(intent, outcome, { id });
}

async function removeOne(form: FormData, token: string) {
  const intent = 'passkey-remove' as const;
  const id = String(form.get('id') ?? '');
  const fresh = await withFreshFactor(form, token, () => removePasskey(id, token));
  if ('reauth' in fresh)
    return data<AccountActionResult>({ intent, id, reauth: fresh.reauth }, { status: 403 });
  const outcome = await unlessSessionBlocked(fresh.done);
  if (outcome.ok) return redirect(`${ACCOUNT_PATH}?reason=passkey-removed`);
  // 409 says why it stays (ADMIN_MFA=required, the only factor) in the API's own words.
  return refused(intent, outcome, { id });
}

export default function AccountRoute() {
  const { mustChangePassword, mfaSetupRequired, notice, mfa, passkeys, sessions } =
    useLoaderData<typeof loader>();
  const result = useActionData<AccountActionResult>();
  const busy = useBusy();
  const changeResult = result?.intent === 'change-password' ? result : undefined;
  const errors = changeResult?.passwordErrors ?? {};

  return (
    <>
      <h2 className="h4 mb-3">Account</h2>
      {notice ? (
        <Alert variant={notice.variant} role="status">
          {notice.text}
        </Alert>
      ) : null}
      <div className="row g-4">
        <CardSection id="second-factor-heading" title="Second factor" className="col-12 col-lg-6">
          {mfa ? (
            <SecondFactor status={mfa} result={result} busy={busy} />
          ) : (
            <p className="mb-0">Change your password first; then set up a second factor.</p>
          )}
        </CardSection>
        <CardSection id="passkeys-heading" title="Passkeys" className="col-12 col-lg-6">
          {mfa && passkeys ? (
            <Passkeys
              passkeys={passkeys}
              needsPassword={!mfa.totp && mfa.passkeys === 0}
              result={result}
              busy={busy}
            />
          ) : (
            <p className="mb-0">Change your password first; then add a passkey.</p>
          )}
        </CardSection>
        <CardSection
          id="change-password-heading"
          title="Change password"
          className="col-12 col-lg-6"
        >
          {mfaSetupRequired ? (
            <p className="mb-0">
              Set up your second factor first; then you can change your password.
            </p>
          ) : (
            <>
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
                <ReauthFields ask={changeResult?.reauth} idPrefix="change-password" ownPassword />
                <Button type="submit" variant="primary" disabled={busy}>
                  Change password
                </Button>
              </Form>
            </>
          )}
        </CardSection>
        <CardSection id="sessions-heading" title="Sessions" className="col-12">
          {sessions ? (
            <>
              <ErrorAlert message={result?.intent === 'end-session' ? result.message : undefined} />
              <SessionsList sessions={sessions} busy={busy} />
              <p>
                Signed in on another device, or left a session open somewhere? Sign it out above, or
                sign out everywhere: that ends every session of your account, this one included.
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
          ) : (
            <p className="mb-0">
              {mustChangePassword
                ? 'Change your password first; then you can manage sessions.'
                : 'Set up your second factor first; then you can manage sessions.'}
            </p>
          )}
        </CardSection>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Account');
