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
import { type z } from 'zod';

import { MFA_CHALLENGE_GONE } from '@contract';
import { login, logout, me, type SignInOrigin, verifyMfa } from '~/api-client/auth.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { AdminShell } from '~/components/admin/admin-shell';
import { TimeZoneProvider, useBrowserZoneCookie } from '~/components/admin/dates/time-zone';
import { leadActionAnswered } from '~/components/admin/lead-actions';
import { SignInForm, type SignInResult } from '~/components/admin/sign-in-form';
import { CODE_STEP_SCHEMA, SIGN_IN_FORMS } from '~/components/admin/sign-in-schema';
import { adminLinks } from '~/components/admin/stylesheet';
import { fieldErrors } from '~/components/forms/field-errors';
import { readForm, readIntentForm } from '~/components/forms/read-form';
import { ACCOUNT_PATH, ADMIN_PATH } from '~/config/paths';
import { adminMeta } from '~/utils/admin-meta';
import { clearMfaToken, readMfaToken, saveMfaToken } from '~/utils/mfa-challenge.server';
import { clearToken, readToken, saveToken, signInRedirect } from '~/utils/session.server';
import { browserZone, zoneOfViewer } from '~/utils/time-zone.server';
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
  'timed-out': 'Your session timed out after a while without use. Please sign in again.',
  'signed-out': 'You have signed out.',
  'signed-out-everywhere':
    'You have signed out everywhere: every session of your account has ended.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await readToken(request);
  if (token) {
    // Who is signed in and what their role allows: the bar offers only that. Unknown (the API
    // away, the session gone), it offers every page, whose own loaders then say why.
    const who = await me(token);
    const known = who.ok ? who.data : null;
    // The zone they chose on the Account page, else their browser's (its cookie).
    const timeZone = zoneOfViewer(request, known?.timeZone ?? null);
    return { signedIn: true as const, notice: null, me: known, timeZone };
  }
  const reason = new URL(request.url).searchParams.get('reason') ?? '';
  const timeZone = browserZone(request);
  return { signedIn: false as const, notice: NOTICES[reason] ?? null, me: null, timeZone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const read = readIntentForm(form, SIGN_IN_FORMS);
  // The sessions list names the browser and address a session was opened from.
  const origin = {
    clientIp: context.clientIp,
    userAgent: request.headers.get('user-agent') ?? undefined,
  };
  // A form no browser sends is refused in the words of the API's refusal.
  if (read?.intent === 'sign-in')
    return read.ok ? signIn(read.value, origin) : signInFailed('', { status: 400 });
  if (read?.intent === 'mfa-verify') {
    if (read.ok) return verifyCode(request, form, read.value, origin);
    return codeStep(form, { codeError: fieldErrors(read.errors, { code: 'Code' }).code }, 400);
  }
  if (read?.intent === 'mfa-recovery') return codeStep(form, { recovery: true });
  if (read?.intent === 'sign-out') return signOut(request);
  return data({ ok: false, message: 'Unknown action.' }, { status: 400 });
}

type Posted<I extends keyof typeof SIGN_IN_FORMS> = z.output<(typeof SIGN_IN_FORMS)[I]>;

async function signIn({ email, password }: Posted<'sign-in'>, origin: SignInOrigin) {
  const outcome = await login({ email, password }, origin);
  if (outcome.ok) {
    const answer = outcome.data;
    if ('mfaToken' in answer) {
      // The right password of an admin with a second factor: no session yet, the code step next.
      const headers = new Headers();
      headers.append('Set-Cookie', await clearToken());
      headers.append('Set-Cookie', await saveMfaToken(answer.mfaToken));
      return data<SignInResult>(
        { intent: 'sign-in', step: 'code', email, methods: answer.methods },
        { headers },
      );
    }
    // Spec section 4: a successful login stores the token and reloads; an admin on an initial
    // password goes to the Account page to replace it first.
    return redirect(answer.mustChangePassword ? `${ACCOUNT_PATH}?reason=must-change` : ADMIN_PATH, {
      headers: { 'Set-Cookie': await saveToken(answer.token) },
    });
  }
  return signInFailed(email, outcome);
}

async function signInFailed(email: string, outcome: { status: number; retryAfter?: number }) {
  const result: SignInResult = {
    intent: 'sign-in',
    step: 'password',
    email,
    error:
      outcome.status === 429
        ? tooManyAttempts(outcome.retryAfter)
        : outcome.status === 400 || outcome.status === 401
          ? 'Invalid email or password'
          : UNAVAILABLE_MESSAGE,
  };
  // Spec section 4: a failed login clears any stored token.
  return data(result, { status: outcome.status, headers: { 'Set-Cookie': await clearToken() } });
}

const tooManyAttempts = (retryAfter: number | undefined) =>
  `Too many sign-in attempts. Please try again in ${waitText(retryAfter)}.`;

/** The code step again (its form asked for a recovery code instead, or its code was refused). */
function codeStep(form: FormData, extra: Partial<SignInResult>, status = 200) {
  const read = readForm(form, CODE_STEP_SCHEMA);
  const { email, recovery, methods } = read.ok ? read.value : { email: '', recovery: false };
  return data<SignInResult>(
    {
      intent: 'sign-in',
      step: 'code',
      email,
      ...(recovery ? { recovery } : {}),
      ...(methods ? { methods } : {}),
      ...extra,
    },
    { status },
  );
}

/** The sign-in's second step: the challenge from the cookie and the typed code. */
async function verifyCode(
  request: Request,
  form: FormData,
  { email, code, passkey }: Posted<'mfa-verify'>,
  origin: SignInOrigin,
) {
  const mfaToken = await readMfaToken(request);
  const backToPassword = async (status: number) =>
    data<SignInResult>(
      { intent: 'sign-in', step: 'password', email, error: MFA_CHALLENGE_GONE },
      { status, headers: { 'Set-Cookie': await clearMfaToken() } },
    );
  if (!mfaToken) return backToPassword(401);
  const outcome = await verifyMfa(passkey ? { mfaToken, passkey } : { mfaToken, code }, origin);
  if (outcome.ok) {
    const headers = new Headers();
    headers.append('Set-Cookie', await clearMfaToken());
    headers.append('Set-Cookie', await saveToken(outcome.data.token));
    return redirect(ADMIN_PATH, { headers });
  }
  // The challenge is gone (5 minutes, or 5 wrong codes): the password again.
  if (outcome.status === 401 && outcome.message === MFA_CHALLENGE_GONE)
    return backToPassword(outcome.status);
  // A passkey's answer refused is said above the form; a code's, on its field.
  if (passkey && (outcome.status === 401 || outcome.status === 400))
    return codeStep(form, { error: outcome.message }, outcome.status);
  if (outcome.status === 401) return codeStep(form, { codeError: outcome.message }, 401);
  if (outcome.status === 400)
    return codeStep(
      form,
      { codeError: fieldErrors(outcome.errors, { code: 'Code' }).code ?? 'Enter the code.' },
      400,
    );
  return codeStep(
    form,
    {
      error: outcome.status === 429 ? tooManyAttempts(outcome.retryAfter) : UNAVAILABLE_MESSAGE,
    },
    outcome.status,
  );
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
  const { signedIn, notice, me: who, timeZone } = useLoaderData<typeof loader>();
  useBrowserZoneCookie(signedIn && !who?.timeZone);
  // The dashboard's own call is the first to reach the API: when it cannot, the token is
  // unchecked, so the sign-in screen says so (as it says when signing in cannot reach the API).
  const dashboard = useRouteLoaderData<typeof dashboardLoader>(DASHBOARD_ROUTE_ID);
  if (!signedIn) return <SignInForm notice={notice} />;
  if (dashboard?.view === 'unavailable') return <SignInForm notice={dashboard.message} />;
  return (
    <TimeZoneProvider zone={timeZone}>
      <AdminShell permissions={who?.permissions ?? null}>
        <Outlet />
      </AdminShell>
    </TimeZoneProvider>
  );
}

export const meta: MetaFunction = () => adminMeta('Admin');
