import { type ActionFunctionArgs, data } from '@remix-run/node';

import { MFA_CHALLENGE_GONE } from '@contract';
import { type ApiOutcome, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { reauthPasskeyOptions, signInPasskeyOptions } from '~/api-client/mfa.server';
import { PASSKEY_CHALLENGE_FORMS } from '~/components/admin/passkeys/challenge-schema';
import { type PasskeyOptionsResult } from '~/components/admin/passkeys/use-passkey-ceremony';
import { readIntentForm } from '~/components/forms/read-form';
import { readMfaToken } from '~/utils/mfa-challenge.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';
import { waitText } from '~/utils/wait-text';

/**
 * The options of a passkey ceremony that answers a challenge, fetched by the page's script just
 * before it runs the ceremony: `sign-in` finishes the pending sign-in (its mfaToken is in the
 * httpOnly cookie, never in the page), `reauth` confirms it is the signed-in admin.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const intent = readIntentForm(await request.formData(), PASSKEY_CHALLENGE_FORMS)?.intent;
  if (intent === 'sign-in') {
    const mfaToken = await readMfaToken(request);
    if (!mfaToken) return answer({ ok: false, status: 401, message: MFA_CHALLENGE_GONE });
    return answer(await signInPasskeyOptions(mfaToken, context.clientIp));
  }
  if (intent === 'reauth') {
    const token = await requireAdmin(request);
    return answer(await unlessSessionBlocked(await reauthPasskeyOptions(token)));
  }
  return data<PasskeyOptionsResult>({ message: 'Unknown action.' }, { status: 400 });
}

function answer(outcome: ApiOutcome<{ options: Record<string, unknown> }>) {
  if (outcome.ok) return data<PasskeyOptionsResult>({ passkeyOptions: outcome.data.options });
  const message =
    outcome.status === 429
      ? `Too many attempts. Please try again in ${waitText(outcome.retryAfter)}.`
      : outcome.status >= 500
        ? UNAVAILABLE_MESSAGE
        : outcome.message;
  return data<PasskeyOptionsResult>({ message }, { status: outcome.status });
}
