import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useActionData, useRouteLoaderData } from '@remix-run/react';

import { availability } from '~/api-client/assignment.server';
import { checkToken } from '~/api-client/auth.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { listPasskeys, mfaStatus } from '~/api-client/mfa.server';
import { listSessions } from '~/api-client/sessions.server';
import {
  AccountPage,
  type AccountResult,
  type AccountView,
} from '~/components/admin/account/account-page';
import { ACCOUNT_NOTICES as NOTICES } from '~/utils/account-notices.server';
import { adminPageMeta } from '~/utils/admin-meta';
import { requireAdmin, signInRedirect, unlessSessionBlocked } from '~/utils/session.server';
import { browserZone } from '~/utils/time-zone.server';

/**
 * The Account page's layout: its loader reads what the page shows, and each of its forms posts to
 * a route of its own below it (password, second-factor, passkeys, sessions), which renders the
 * whole page with that form's answer; `_index` renders it without one.
 */

export async function loader({ request }: LoaderFunctionArgs): Promise<AccountView> {
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
        : NOTICES[reason as keyof typeof NOTICES];
  // An initial password comes first: until it is changed, nothing else answers.
  const [mfa, passkeys, sessions, away] = dueNow
    ? [null, null, null, null]
    : await Promise.all([
        mfaStatus(token).then(unlessSessionBlocked),
        listPasskeys(token).then(unlessSessionBlocked),
        setupDue ? null : listSessions(token).then(unlessSessionBlocked),
        setupDue ? null : availability(token).then(unlessSessionBlocked),
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
    // Not read: the card says so; the rest of the page still works.
    availability: away?.ok ? away.data.availability : null,
    timeZone: { chosen: check.data.timeZone ?? null, browser: browserZone(request) },
  };
}

const ROUTE_ID = 'routes/super-secret-admin.account';

/** What the page shows, for the routes below that render it. */
export function useAccountView(): AccountView {
  const view = useRouteLoaderData<typeof loader>(ROUTE_ID);
  if (!view) throw new Error('The Account page is rendered below its layout route only.');
  return view;
}

export default function AccountLayout() {
  return <Outlet />;
}

/**
 * The page, as each route below renders it: with the answer of that route's form (none on
 * `_index`). They all render this one component, so React keeps the page mounted from one to the
 * next (an answer moves the URL to the form's route): what was typed stays, as a reauthentication
 * asked in place needs.
 */
export function AccountRoute() {
  return <AccountPage view={useAccountView()} result={useActionData<AccountResult>()} />;
}

export const meta: MetaFunction = () => adminPageMeta('Account');
