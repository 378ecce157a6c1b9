import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import {
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useRouteLoaderData,
} from '@remix-run/react';

import { login, logout } from '~/api-client/auth.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { AdminShell } from '~/components/admin/admin-shell';
import { leadActionAnswered } from '~/components/admin/lead-actions';
import { SignInForm, type SignInResult } from '~/components/admin/sign-in-form';
import { adminLinks } from '~/components/admin/stylesheet';
import { ACCOUNT_PATH, ADMIN_PATH } from '~/config/paths';
import { adminMeta } from '~/utils/admin-meta';
import { clearToken, readToken, saveToken, signInRedirect } from '~/utils/session.server';
import { waitText } from '~/utils/wait-text';

import { type loader as dashboardLoader } from './super-secret-admin._dashboard';

/**
 * The admin area's layout: with a session, the shell (top bar, pages) around the page asked for;
 * without one, the sign-in screen. Each page's loader checks the token again (it may have died),
 * and signing in and out are this route's actions, posted to the area's own URL.
 */

/** The dashboard's route (the pathless `super-secret-admin._dashboard.tsx`), read by id. */
const DASHBOARD_ROUTE_ID = 'routes/super-secret-admin._dashboard';

const NOTICES: Record<string, string> = {
  expired: 'Your session has expired. Please sign in again.',
  'signed-out': 'You have signed out.',
  'signed-out-everywhere':
    'You have signed out everywhere: every session of your account has ended.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  if (await readToken(request)) return { signedIn: true as const, notice: null };
  const reason = new URL(request.url).searchParams.get('reason') ?? '';
  return { signedIn: false as const, notice: NOTICES[reason] ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'sign-in') return signIn(form, context.clientIp);
  if (intent === 'sign-out') return signOut(request);
  return data({ ok: false, message: 'Unknown action.' }, { status: 400 });
}

async function signIn(form: FormData, clientIp: string | undefined) {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const outcome = await login({ email, password }, clientIp);
  if (outcome.ok)
    // Spec section 4: a successful login stores the token and reloads; an admin on an initial
    // password goes to the Account page to replace it first.
    return redirect(
      outcome.data.mustChangePassword ? `${ACCOUNT_PATH}?reason=must-change` : ADMIN_PATH,
      {
        headers: { 'Set-Cookie': await saveToken(outcome.data.token) },
      },
    );

  const result: SignInResult = {
    intent: 'sign-in',
    email,
    error:
      outcome.status === 429
        ? `Too many sign-in attempts. Please try again in ${waitText(outcome.retryAfter)}.`
        : outcome.status === 400 || outcome.status === 401
          ? 'Invalid email or password'
          : UNAVAILABLE_MESSAGE,
  };
  // Spec section 4: a failed login clears any stored token.
  return data(result, { status: outcome.status, headers: { 'Set-Cookie': await clearToken() } });
}

/**
 * Revokes the token on the API, so a copy of the cookie is worthless from now on. The browser's
 * cookie is cleared whatever the API answered: the person asked to leave.
 */
async function signOut(request: Request) {
  const token = await readToken(request);
  if (token) {
    const outcome = await logout(token);
    if (!outcome.ok && outcome.status !== 401)
      console.error(`Sign-out could not revoke the token: ${outcome.status} ${outcome.message}`);
  }
  return signInRedirect('signed-out');
}

/** Whether a session is held changes only by signing in or out, which reload the page anyway. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  leadActionAnswered(args) ? false : args.defaultShouldRevalidate;

export const links = adminLinks;

export default function AdminLayout() {
  const { signedIn, notice } = useLoaderData<typeof loader>();
  // The dashboard's own call is the first to reach the API: when it cannot, the token is
  // unchecked, so the sign-in screen says so (as it says when signing in cannot reach the API).
  const dashboard = useRouteLoaderData<typeof dashboardLoader>(DASHBOARD_ROUTE_ID);
  if (!signedIn) return <SignInForm notice={notice} />;
  if (dashboard?.view === 'unavailable') return <SignInForm notice={dashboard.message} />;
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta('Admin');
