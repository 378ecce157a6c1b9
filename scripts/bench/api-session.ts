import { type Db } from 'mongodb';

import { engineFacts } from '../../nest/src/database/database-engine';
import { type WebStack } from '../stack/web-stack';

// What every benchmark of the built product needs: a signed-in admin, plain timed calls, and
// which engine it ran on.

/** An admin's bearer token (the API) and session cookie (the web server). */
export interface Session {
  token: string;
  cookie: string;
}

/** Signs the stack's admin in on both: the API's token and the web server's cookie. */
export async function signIn(stack: WebStack): Promise<Session> {
  const res = await fetch(`${stack.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(stack.admin),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`API sign-in failed: ${res.status}`);
  const web = await fetch(`${stack.webUrl}/super-secret-admin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.webUrl },
    body: new URLSearchParams({ intent: 'sign-in', ...stack.admin }).toString(),
  });
  const cookie = web.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`web sign-in failed: ${web.status}`);
  return { token, cookie };
}

/** One call whose answer is read to the end; anything but 200 or 202 stops the benchmark. */
export async function call(url: string, init: RequestInit): Promise<void> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  await res.arrayBuffer();
  if (res.status !== 200 && res.status !== 202)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}`);
}

/** The engine behind `db`, and whether it uses indexes (FerretDB 1.x does not). */
export async function engineOf(db: Db): Promise<{ name: string; indexed: boolean }> {
  const info = await db.admin().command({ buildInfo: 1 });
  const { wholeCollection, orderlessIndexes } = engineFacts(info);
  if (wholeCollection) return { name: wholeCollection, indexed: false };
  if (orderlessIndexes)
    return { name: `${orderlessIndexes} (PostgreSQL with DocumentDB)`, indexed: true };
  return { name: `MongoDB ${String(info.version)}`, indexed: true };
}
