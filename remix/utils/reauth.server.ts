import { REAUTH_REQUIRED, type ReauthRequest } from '@contract';
import { type ApiOutcome, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { mfaStatus, passkeyAnswerOf, reauth } from '~/api-client/mfa.server';
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
  passkey: 'reauthPasskey',
  withTotp: 'reauthWithTotp',
  withPasskey: 'reauthWithPasskey',
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
    const ask = askOf(form);
    const passkey = passkeyAnswerOf(form.get(REAUTH_FIELDS.passkey));
    const code = String(form.get(REAUTH_FIELDS.code) ?? '').trim();
    const refusal = passkey
      ? await confirm(token, { passkey })
      : await confirm(token, { password, ...(ask.withCode ? { code } : {}) });
    if (refusal) return { reauth: { ...ask, ...refusal } };
  }
  const first = await change();
  if (!isReauthRefusal(first)) return { done: first };

  const status = await unlessSessionBlocked(await mfaStatus(token));
  const ask: ReauthAsk = status.ok
    ? {
        withCode: status.data.totp || status.data.passkeys > 0,
        withTotp: status.data.totp,
        withPasskey: status.data.passkeys > 0,
      }
    : { withCode: true };
  if (ask.withCode || ownPassword === undefined) return { reauth: ask };
  // The form's own password is all an admin without a factor would be asked: confirm with it.
  const refusal = await confirm(token, { password });
  if (refusal) return { reauth: { ...ask, ...refusal } };
  return { done: await change() };
}

/** What the form was asked for (ReauthFields' hidden fields say), to ask the same again. */
function askOf(form: FormData): ReauthAsk {
  return {
    withCode: form.get(REAUTH_FIELDS.withCode) === '1',
    withTotp: form.get(REAUTH_FIELDS.withTotp) !== '0',
    withPasskey: form.get(REAUTH_FIELDS.withPasskey) === '1',
  };
}

/** POST /auth/reauth; what went wrong, or null when the session is fresh now. */
async function confirm(
  token: string,
  request: ReauthRequest,
): Promise<Omit<ReauthAsk, 'withCode'> | null> {
  const outcome = await unlessSessionBlocked(await reauth(request, token));
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
