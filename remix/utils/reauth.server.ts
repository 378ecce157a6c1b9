import { REAUTH_REQUIRED, type ReauthRequest } from '@contract';
import { type ApiOutcome, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { mfaStatus, reauth } from '~/api-client/mfa.server';
import { type ReauthAsk } from '~/components/admin/reauth-fields';
import { type ReauthAnswer, reauthSchema } from '~/components/admin/reauth-schema';
import { fieldErrors } from '~/components/forms/field-errors';
import { firstErrors, readForm } from '~/components/forms/read-form';
import { waitText } from '~/utils/wait-text';

import { unlessSessionBlocked } from './session.server';

const isReauthRefusal = (outcome: ApiOutcome<unknown>): boolean =>
  !outcome.ok && outcome.status === 403 && outcome.message === REAUTH_REQUIRED;

/**
 * Runs a security change (V7.5.1). When the form carries the reauthentication's fields (read with
 * their own schema, beside the form's), they are checked first (POST /auth/reauth); when the API
 * still answers `reauthRequired`, the answer is what the form must ask for, and the change is made
 * once it is sent again. `ownPassword` is the form's own password field (change password): it
 * serves as the reauthentication's, and an admin without a second factor is then not asked more.
 */
export async function withFreshFactor<T>(
  form: FormData,
  token: string,
  change: () => Promise<ApiOutcome<T>>,
  ownPassword?: { password: string },
): Promise<{ done: ApiOutcome<T> } | { reauth: ReauthAsk }> {
  const read = readForm(form, reauthSchema);
  if (!read.ok) return { reauth: refusedAnswer(form, read.errors) };
  const answer = read.value;
  const password = ownPassword ? ownPassword.password : answer.reauthPassword;
  if (answer.reauth) {
    const ask = askOf(answer);
    const passkey = answer.reauthPasskey;
    const refusal = passkey
      ? await confirm(token, { passkey })
      : await confirm(token, { password, ...(ask.withCode ? { code: answer.reauthCode } : {}) });
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
function askOf(
  answer: Pick<ReauthAnswer, 'reauthWithCode' | 'reauthWithTotp' | 'reauthWithPasskey'>,
): ReauthAsk {
  return {
    withCode: answer.reauthWithCode,
    withTotp: answer.reauthWithTotp,
    withPasskey: answer.reauthWithPasskey,
  };
}

/** Fields the schema refused (longer than the form lets a browser send): said on them, unsent. */
function refusedAnswer(form: FormData, errors: Record<string, string[]>): ReauthAsk {
  // The flags are read whatever they hold, so what was asked is known even now.
  const flags = reauthSchema.pick({
    reauthWithCode: true,
    reauthWithTotp: true,
    reauthWithPasskey: true,
  });
  const asked = readForm(form, flags);
  const said = firstErrors(errors, ['reauthPassword', 'reauthCode']);
  return {
    ...(asked.ok ? askOf(asked.value) : { withCode: true }),
    ...(said.reauthPassword ? { passwordError: said.reauthPassword } : {}),
    ...(said.reauthCode ? { codeError: said.reauthCode } : {}),
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
