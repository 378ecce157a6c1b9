import { createCookie, redirect } from '@remix-run/node';

import { type ApiOutcome } from '~/api/http.server';
import { getWebEnv } from '~/config/env.server';
import { ADMIN_PATH } from '~/config/paths';

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

export type SignInReason = 'expired' | 'signed-out';

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

/** A 401 from the API means the token died (expired, password changed): sign in again. */
export async function unlessUnauthorized<T>(outcome: ApiOutcome<T>): Promise<ApiOutcome<T>> {
  if (!outcome.ok && outcome.status === 401) throw await signInRedirect('expired');
  return outcome;
}
