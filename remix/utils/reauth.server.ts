import { REAUTH_REQUIRED } from '@contract';
import { type ApiOutcome, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { mfaStatus, reauth } from '~/api-client/mfa.server';
import { type ReauthAsk } from '~/components/admin/reauth-fields';
import { fieldErrors } from '~/components/forms/form-field';
import { waitText } from '~/utils/wait-text';

import { unlessSessionBlocked } from './session.server';

/** The form fields ReauthFields adds. */
const REAUTH_FIELDS = {
  asked: 'reauth',
  withCode: 'reauthWithCode',
  password: 'reauthPassword',
  code: 'reauthCode',
} as const;

const isReauthRefusal = (outcome: ApiOutcome<unknown>): boolean =>
  !outcome.ok && outcome.status === 403 && outcome.message === REAUTH_REQUIRED;

/**
 * Runs a security change (V7.5.1). When the form carries the reauthentication's fields, they are
 * checked first (POST /auth/reauth); when the API still answers `reauthRequired`, the answer is
 * what the form must ask for, and the change is made once it is sent again. `ownPassword` names a
 * field of the form that already holds the admin's password (change password): it serves as the
 * reauthentication's, and an admin without a second factor is then not asked anything more.
 */
export async function withFreshFactor<T>(
  form: FormData,
  token: string,
  change: () => Promise<ApiOutcome<T>>,
  ownPassword?: string,
): Promise<{ done: ApiOutcome<T> } | { reauth: ReauthAsk }> {
  const password = String(form.get(ownPassword ?? REAUTH_FIELDS.password) ?? '');
  if (form.get(REAUTH_FIELDS.asked) === '1') {
    const withCode = form.get(REAUTH_FIELDS.withCode) === '1';
    const code = String(form.get(REAUTH_FIELDS.code) ?? '').trim();
    const refusal = await confirm(token, password, withCode ? code : undefined);
    if (refusal) return { reauth: { withCode, ...refusal } };
  }
  const first = await change();
  if (!isReauthRefusal(first)) return { done: first };

  const status = await unlessSessionBlocked(await mfaStatus(token));
  const withCode = status.ok ? status.data.totp : true;
  if (withCode || ownPassword === undefined) return { reauth: { withCode } };
  // The form's own password is all an admin without a factor would be asked: confirm with it.
  const refusal = await confirm(token, password, undefined);
  if (refusal) return { reauth: { withCode, ...refusal } };
  return { done: await change() };
}

/** POST /auth/reauth; what went wrong, or null when the session is fresh now. */
async function confirm(
  token: string,
  password: string,
  code: string | undefined,
): Promise<Omit<ReauthAsk, 'withCode'> | null> {
  const outcome = await unlessSessionBlocked(
    await reauth({ password, ...(code === undefined ? {} : { code }) }, token),
  );
  if (outcome.ok) return null;
  if (outcome.status === 400) {
    const errors = fieldErrors(outcome.errors, { password: 'Password', code: 'Code' });
    return {
      ...(errors.password ? { passwordError: errors.password } : {}),
      ...(errors.code ? { codeError: errors.code } : {}),
      ...(errors.password || errors.code ? {} : { message: outcome.message }),
    };
  }
  if (outcome.status === 429)
    return { message: `Too many attempts. Please try again in ${waitText(outcome.retryAfter)}.` };
  return { message: UNAVAILABLE_MESSAGE };
}
