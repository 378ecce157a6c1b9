import { createCookie, redirect } from '@remix-run/node';

import { MFA_SETUP_REQUIRED, PASSWORD_CHANGE_REQUIRED, SESSION_TIMED_OUT } from '@contract';
import { type ApiOutcome } from '~/api-client/http.server';
import { getWebEnv } from '~/config/env.server';
import { ACCOUNT_PATH, ADMIN_PATH } from '~/config/paths';

/**
 * The admin's JWT lives in an httpOnly cookie (not in localStorage as in the observed product):
 * scripts can't read it, loaders can forward it, and SameSite=Lax keeps other sites' forms from
 * posting with it. Path `/`, not the admin path: Remix's data requests go to `/super-secret-admin.data`,
 * which a `/super-secret-admin` cookie would not cover. No Max-Age: it ends with the browser session,
 * and the API's own expiry still applies.
 *
 * Over HTTPS (COOKIE_SECURE) its name carries the `__Host-` prefix (ASVS 3.4.4): browsers then keep
 * it only when it is Secure, for Path=/ and without Domain, so a sibling subdomain can neither set
 * it nor shadow it with a longer-path cookie of the same name. Browsers refuse that prefix without
 * Secure, so plain-HTTP development keeps the bare name.
 */
export const SESSION_COOKIE_NAME = 'bmd_admin';
export const SECURE_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`;

let sessionCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  const secure = getWebEnv().COOKIE_SECURE;
  sessionCookie ??= createCookie(secure ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
  });
  return sessionCookie;
}

/**
 * The shape of the API's tokens: a compact JWS (three base64url parts) of a sane length. Anything
 * else in the cookie (CR/LF, NUL, non-Latin-1 text) is no session: it never reaches an
 * `Authorization` header, where it would throw, nor a log line.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 4096;

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TOKEN_LENGTH && TOKEN_SHAPE.test(value);
}

/** The session's token, or null for no cookie or one that is not a well-formed session. */
export async function readToken(request: Request): Promise<string | null> {
  let value: unknown;
  try {
    value = await cookie().parse(request.headers.get('cookie'));
  } catch {
    return null;
  }
  return isWellFormedToken(value) ? value : null;
}

export function saveToken(token: string): Promise<string> {
  return cookie().serialize(token);
}

export function clearToken(): Promise<string> {
  return cookie().serialize('', { maxAge: 0 });
}

export type SignInReason = 'expired' | 'timed-out' | 'signed-out' | 'signed-out-everywhere';

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

/** To the Account page's enrolment: ADMIN_MFA=required and the admin has no second factor yet. */
export function mfaSetupRedirect(): Response {
  return redirect(`${ACCOUNT_PATH}?reason=mfa-setup`);
}

/** Why a 401 ended the session, for the sign-in screen: unused too long, or anything else. */
export function sessionEndReason(message: string): SignInReason {
  return message === SESSION_TIMED_OUT ? 'timed-out' : 'expired';
}

/**
 * The page a refusal of the guard leads to, or null for any other answer: the 403 of a password
 * change still due, or of a second factor still to set up, each to the Account page.
 */
export function gateRedirect(status: number, message: string): Response | null {
  if (status !== 403) return null;
  if (message === PASSWORD_CHANGE_REQUIRED) return passwordChangeRedirect();
  if (message === MFA_SETUP_REQUIRED) return mfaSetupRedirect();
  return null;
}

/**
 * An API answer that ends the page: a 401 (the token died: expired, timed out, revoked, admin
 * removed) goes back to sign-in, saying why; the guard's gates go to the Account page. Anything
 * else is the caller's to show.
 */
export async function unlessSessionBlocked<T>(outcome: ApiOutcome<T>): Promise<ApiOutcome<T>> {
  if (outcome.ok) return outcome;
  if (outcome.status === 401) throw await signInRedirect(sessionEndReason(outcome.message));
  const gate = gateRedirect(outcome.status, outcome.message);
  if (gate) throw gate;
  return outcome;
}

/**
 * The signed-in admin's id, as the token names it (`sub`): what "Assign to me" and "your own
 * notes" need. Read, not verified: the API verifies the token on every call made with it.
 */
export function tokenAdminId(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    const sub: unknown =
      typeof payload === 'object' && payload !== null ? Reflect.get(payload, 'sub') : undefined;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
