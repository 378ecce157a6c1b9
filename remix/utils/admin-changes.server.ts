import { data, redirect } from '@remix-run/node';
import { type z } from 'zod';

import { LEAD_KIND_KEYS } from '@contract';
import { changeAccess, changeRole } from '~/api-client/admins.server';
import { type ADMINS_FORMS } from '~/components/admin/admins-schema';
import { type ReauthAsk } from '~/components/admin/reauth-fields';
import { ADMINS_PAGE_PATH } from '~/config/paths';
import { withFreshFactor } from '~/utils/reauth.server';
import { unlessSessionBlocked } from '~/utils/session.server';

/** What a change of an admin's role or access answers the Admins page when it is not done. */
export interface AdminChangeResult {
  intent: 'role' | 'access';
  id: string;
  email?: string;
  message?: string;
  /** The change waits for a factor checked again (V7.5.1). */
  reauth?: ReauthAsk;
}

type Posted<I extends keyof typeof ADMINS_FORMS> = z.output<(typeof ADMINS_FORMS)[I]>;

/** Gives an admin a role; done: back to the page, saying so. */
export function giveRole(form: FormData, { id, email, role }: Posted<'role'>, token: string) {
  return change('role', form, { id, email }, token, () => changeRole(id, role, token));
}

/** Sets an admin's access to leads; done: back to the page, saying so. */
export function giveAccess(form: FormData, posted: Posted<'access'>, token: string) {
  const { id, email, seeUnassigned } = posted;
  const kinds = Object.fromEntries(LEAD_KIND_KEYS.map((kind) => [kind, posted[kind]]));
  return change('access', form, { id, email }, token, () =>
    changeAccess(id, { kinds, seeUnassigned }, token),
  );
}

async function change(
  intent: AdminChangeResult['intent'],
  form: FormData,
  { id, email }: { id: string; email: string },
  token: string,
  send: () => ReturnType<typeof changeRole>,
) {
  const fresh = await withFreshFactor(form, token, send);
  if ('reauth' in fresh)
    return data<AdminChangeResult>({ intent, id, email, reauth: fresh.reauth }, { status: 403 });
  const outcome = await unlessSessionBlocked(fresh.done);
  // 409 says why the last owner stays one; 400 what the API refused.
  if (!outcome.ok)
    return data<AdminChangeResult>(
      { intent, id, message: outcome.message },
      { status: outcome.status },
    );
  return redirect(`${ADMINS_PAGE_PATH}?${intent}-changed=${encodeURIComponent(email)}`);
}
