import { createCookie } from '@remix-run/node';

import { MFA_FIELD_MAX } from '@contract';
import { getWebEnv } from '~/config/env.server';

import { SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from './session.server';

/**
 * The sign-in's `mfaToken` between the password step and the code step lives in an httpOnly cookie
 * of its own, not in a hidden field: a field would put it into the page, where any script (or a
 * saved copy of the page) could read it, while the browser sends this cookie only to our server.
 * It dies with the challenge (5 minutes) and is cleared when the code step ends. The `__Host-`
 * prefix over HTTPS, as for the session cookie.
 */
const CHALLENGE_LIFETIME_SECONDS = 5 * 60;
const NAME = `${SESSION_COOKIE_NAME}_mfa`;
const SECURE_NAME = `${SECURE_SESSION_COOKIE_NAME}_mfa`;

let challengeCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  const secure = getWebEnv().COOKIE_SECURE;
  challengeCookie ??= createCookie(secure ? SECURE_NAME : NAME, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: CHALLENGE_LIFETIME_SECONDS,
  });
  return challengeCookie;
}

/** What the API issues (random bytes, base64url or hex); anything else is no challenge. */
const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]+$/;

/** The pending sign-in's `mfaToken`, or null. */
export async function readMfaToken(request: Request): Promise<string | null> {
  let value: unknown;
  try {
    value = await cookie().parse(request.headers.get('cookie'));
  } catch {
    return null;
  }
  return typeof value === 'string' && value.length <= MFA_FIELD_MAX && CHALLENGE_SHAPE.test(value)
    ? value
    : null;
}

export function saveMfaToken(mfaToken: string): Promise<string> {
  return cookie().serialize(mfaToken);
}

export function clearMfaToken(): Promise<string> {
  return cookie().serialize('', { maxAge: 0 });
}
