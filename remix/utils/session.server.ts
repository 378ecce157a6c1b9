import { createCookie, redirect } from '@remix-run/node';

import { PASSWORD_CHANGE_REQUIRED } from '@contract';
import { type ApiOutcome } from '~/api-client/http.server';
import { getWebEnv } from '~/config/env.server';
import { ACCOUNT_PATH, ADMIN_PATH } from '~/config/paths';

/**
 * The admin's JWT lives in an httpOnly cookie (not in localStorage as in the observed product):
 * scripts can't read it, loaders can forward it, and SameSite=Lax keeps other sites' forms from
 * posting with it. Path `/`, not the admin path: Remix's data requests go to `/super-secret-admin.data`,
 * which a `/super-secret-admin` cookie would not cover. No Max-Age: it ends with the browser session,
 * and the API's own expiry still applies.
 */
let sessionCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  sessionCookie ??= createCookie('bmd_admin', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: getWebEnv().COOKIE_SECURE,
  });
  return sessionCookie;
}

export async function readToken(request: Request): Promise<string | null> {
  const value: unknown = await cookie().parse(request.headers.get('cookie'));
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function saveToken(token: string): Promise<string> {
  return cookie().serialize(token);
}

export function clearToken(): Promise<string> {
  return cookie().serialize('', { maxAge: 0 });
}

export type SignInReason = 'expired' | 'signed-out' | 'signed-out-everywhere';

/** Back to the sign-in screen without the cookie, saying why. */
export async function signInRedirect(reason: SignInReason): Promise<Response> {
  return redirect(`${ADMIN_PATH}?reason=${reason}`, {
    headers: { 'Set-Cookie': await clearToken() },
  });
}

/** The token of the signed-in admin; anyone else is sent to the sign-in screen. */
export async function requireAdmin(request: Request): Promise<string> {
  const token = await readToken(request);
  if (!token) throw await signInRedirect('expired');
  return token;
}

/** To the Account page, which says why: the admin must replace an initial password first. */
export function passwordChangeRedirect(): Response {
  return redirect(`${ACCOUNT_PATH}?reason=must-change`);
}

/**
 * An API answer that ends the page: a 401 (the token died: expired, revoked, admin removed) goes
 * back to sign-in; the 403 of a password change still due goes to the Account page. Anything else
 * is the caller's to show.
 */
export async function unlessSessionBlocked<T>(outcome: ApiOutcome<T>): Promise<ApiOutcome<T>> {
  if (outcome.ok) return outcome;
  if (outcome.status === 401) throw await signInRedirect('expired');
  if (outcome.status === 403 && outcome.message === PASSWORD_CHANGE_REQUIRED)
    throw passwordChangeRedirect();
  return outcome;
}
