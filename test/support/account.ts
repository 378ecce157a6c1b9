import { AUDIT_PATH, type AuditEntry, AUTH_PATHS } from '../../nest/src/contract';

import { request, type TestApp } from './test-app';
import { totpCodes } from './totp';

/** Calls with an admin's bearer token. */
export function as(t: TestApp, bearer: string) {
  const auth = { Authorization: `Bearer ${bearer}` };
  return {
    get: (path: string) => request(t.http).get(path).set(auth),
    post: (path: string, body: object = {}) => request(t.http).post(path).set(auth).send(body),
    patch: (path: string, body: object = {}) => request(t.http).patch(path).set(auth).send(body),
    delete: (path: string, body?: object) => {
      const call = request(t.http).delete(path).set(auth);
      return body ? call.send(body) : call;
    },
  };
}

export async function auditLog(t: TestApp, bearer: string): Promise<AuditEntry[]> {
  return (await as(t, bearer).get(`${AUDIT_PATH}?limit=200`).expect(200)).body.entries;
}

/** The claims of one of our tokens (not checked: the API does that). */
export function claimsOf(token: string): { sub: string; jti: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}

/**
 * Sets up TOTP for the token's admin through the API, as an authenticator app would: answers the
 * secret and the recovery codes. The confirmation uses the previous step's code, so the current
 * and next ones are still unused for the test's own sign-ins.
 */
export async function enrolTotp(
  t: TestApp,
  bearer: string,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrol = await as(t, bearer).post(AUTH_PATHS.mfaTotp, { password }).expect(200);
  const { secret } = enrol.body as { secret: string };
  const { previous } = await totpCodes(secret);
  const confirm = await as(t, bearer)
    .post(AUTH_PATHS.mfaTotpConfirm, { code: previous })
    .expect(200);
  return { secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** Makes a session's last checked factor older than the 5 minutes security changes accept. */
export async function makeStale(t: TestApp, bearer: string): Promise<void> {
  await t.connection
    .collection<{ _id: string }>('admin_sessions')
    .updateOne(
      { _id: claimsOf(bearer).jti },
      { $set: { verifiedAt: new Date(Date.now() - 6 * 60_000) } },
    );
}
