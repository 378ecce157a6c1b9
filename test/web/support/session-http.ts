import { adminCredentials } from '../../support/browser';

import { ADMIN_PATH } from './admin';

/** A cookie value as Remix encodes one: base64 of the JSON of the value (UTF-8). */
export const remixCookieValue = (value: string): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** Signs in with the sign-in form's post, as a browser would; the answer's `Set-Cookie`. */
export async function postSignIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${ADMIN_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', ...adminCredentials() }).toString(),
  });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.get('set-cookie') ?? '';
}
