import { type ActionFunctionArgs, data } from '@remix-run/node';

import { checkToken, logoutAll } from '~/api-client/auth.server';
import { endSession } from '~/api-client/sessions.server';
import { type SessionsResult } from '~/components/admin/account/account-page';
import { SESSION_FORMS } from '~/components/admin/account/sessions-schema';
import { INVALID_REQUEST, readIntentForm } from '~/components/forms/read-form';
import { accountRedirect } from '~/utils/account-notices.server';
import { refusedAccountForm, unknownAccountForm } from '~/utils/account.server';
import { requireAdmin, signInRedirect, unlessSessionBlocked } from '~/utils/session.server';

const refused = refusedAccountForm<SessionsResult>;

/** The sessions' forms: sign one session out, or every one (this one included). */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const read = readIntentForm(await request.formData(), SESSION_FORMS);
  if (!read) return unknownAccountForm();
  const { intent } = read;
  if (!read.ok) return data<SessionsResult>({ intent, message: INVALID_REQUEST }, 400);
  if (read.intent === 'sign-out-everywhere') {
    const outcome = await logoutAll(token);
    if (outcome.ok || outcome.status === 401) return signInRedirect('signed-out-everywhere');
    return refused({ intent }, outcome);
  }
  const outcome = await unlessSessionBlocked(await endSession(read.value.id, token));
  if (!outcome.ok) return refused({ intent }, outcome);
  // Ending this very session is signing out.
  const still = await checkToken(token);
  if (still.ok && !still.data.success) return signInRedirect('signed-out');
  return accountRedirect('session-ended');
}

// The page with this form's answer (the same component as every route of the page).
export { AccountRoute as default } from './super-secret-admin.account';
