import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Outlet, type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react';

import { isLeadAction, isLeadKindKey, isObjectId } from '@contract';
import { login, logout } from '~/api-client/auth.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { Dashboard } from '~/components/admin/dashboard';
import { ACTION_LABELS, LEADS_PATH } from '~/components/admin/lead-actions';
import { SignInForm, type SignInResult } from '~/components/admin/sign-in-form';
import { adminLinks } from '~/components/admin/stylesheet';
import { ACCOUNT_PATH, ADMIN_PATH } from '~/config/paths';
import { adminMeta, inboxTitle } from '~/utils/admin-meta';
import { loadDashboard } from '~/utils/inbox.server';
import { clearToken, readToken, saveToken, signInRedirect } from '~/utils/session.server';
import { waitText } from '~/utils/wait-text';

const NOTICES: Record<string, string> = {
  expired: 'Your session has expired. Please sign in again.',
  'signed-out': 'You have signed out.',
  'signed-out-everywhere':
    'You have signed out everywhere: every session of your account has ended.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const notice = NOTICES[url.searchParams.get('reason') ?? ''] ?? null;
  const token = await readToken(request);
  if (!token) return { view: 'sign-in' as const, notice };

  // The dashboard's own call checks the token too: a dead one answers 401 (back to sign-in).
  const dashboard = await loadDashboard(token, url);
  if (!dashboard.ok) return { view: 'sign-in' as const, notice: UNAVAILABLE_MESSAGE };
  const failed = url.searchParams.get('failed');
  const confirmKind = url.searchParams.get('kind');
  const confirmIds = url.searchParams.getAll('ids').filter(isObjectId);
  return {
    view: 'dashboard' as const,
    panels: dashboard.data,
    notice: isLeadAction(failed)
      ? `Could not ${ACTION_LABELS[failed].toLowerCase()} the request. The inbox below shows what is stored now.`
      : failed === 'invalid'
        ? 'Select at least one request first.'
        : null,
    pendingDelete:
      url.searchParams.get('confirm') === 'delete' &&
      isLeadKindKey(confirmKind) &&
      confirmIds.length
        ? { kind: confirmKind, ids: confirmIds }
        : null,
  };
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

/**
 * A move's answer replaces the panel's lists (spec section 4), so re-reading the dashboard after it
 * would only repeat that; after a failed move the dashboard is read again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formAction,
  actionResult,
  defaultShouldRevalidate,
}) => {
  const answered = formAction === LEADS_PATH && (actionResult as { ok?: boolean } | undefined)?.ok;
  // Opening or closing a lead's detail (its own route) changes nothing the dashboard shows.
  const detailOnly = currentUrl.search === nextUrl.search && !formAction;
  return answered || detailOnly ? false : defaultShouldRevalidate;
};

export const links = adminLinks;

export default function AdminRoute() {
  const state = useLoaderData<typeof loader>();
  return state.view === 'dashboard' ? (
    <Dashboard panels={state.panels} notice={state.notice} pendingDelete={state.pendingDelete}>
      <Outlet />
    </Dashboard>
  ) : (
    <SignInForm notice={state.notice} />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: state }) =>
  adminMeta(
    state?.view === 'dashboard'
      ? inboxTitle(state.panels.reduce((sum, panel) => sum + (panel.totals?.unread ?? 0), 0))
      : 'Admin',
  );
