import { randomUUID } from 'node:crypto';

import {
  ADMINS_PATH,
  AUTH_PATHS,
  SESSION_TIMED_OUT,
  type SessionSummary,
} from '../../nest/src/contract';
import { as, auditLog, claimsOf } from '../support/account';
import { createAdmin, createTestApp, request, type TestApp } from '../support/test-app';

const PASSWORD = 'a long and good password';

const signIn = async (t: TestApp, email: string, userAgent: string, ip = '127.0.0.1') =>
  (
    await request(t.http)
      .post(AUTH_PATHS.login)
      .set('User-Agent', userAgent)
      .set('X-Forwarded-For', ip)
      .send({ email, password: PASSWORD })
      .expect(200)
  ).body.token as string;

const sessionsOf = async (t: TestApp, token: string): Promise<SessionSummary[]> =>
  (await as(t, token).get(AUTH_PATHS.sessions).expect(200)).body.sessions;

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the admin’s own sessions, marking the current one', async () => {
    await createAdmin(t, 'lister@example.com', PASSWORD);
    await createAdmin(t, 'someone-else@example.com', PASSWORD);
    const laptop = await signIn(t, 'lister@example.com', 'Laptop Browser/1.0', '10.0.0.1');
    const phone = await signIn(t, 'lister@example.com', 'Phone Browser/2.0', '10.0.0.2');
    await signIn(t, 'someone-else@example.com', 'Other/1.0');
    const res = await as(t, laptop).get(AUTH_PATHS.sessions).expect(200);
    expect(res.body).toEqual({ success: true, sessions: expect.any(Array) });
    const sessions = res.body.sessions as SessionSummary[];
    expect(sessions).toHaveLength(2);
    const byAgent = Object.fromEntries(sessions.map((s) => [s.userAgent, s]));
    expect(byAgent['Laptop Browser/1.0']).toEqual({
      id: claimsOf(laptop).jti,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      ip: '10.0.0.1',
      userAgent: 'Laptop Browser/1.0',
      current: true,
    });
    expect(byAgent['Phone Browser/2.0']).toMatchObject({
      id: claimsOf(phone).jti,
      ip: '10.0.0.2',
      current: false,
    });
  });

  it('ends one session: its token is refused from the next request on, the others go on', async () => {
    await createAdmin(t, 'ender@example.com', PASSWORD);
    const kept = await signIn(t, 'ender@example.com', 'Kept/1.0');
    const ended = await signIn(t, 'ender@example.com', 'Ended/1.0');
    await as(t, ended).get(ADMINS_PATH).expect(200);
    await as(t, kept)
      .delete(`${AUTH_PATHS.sessions}/${claimsOf(ended).jti}`)
      .expect(200, { success: true });
    const refused = await as(t, ended).get(ADMINS_PATH).expect(401);
    expect(refused.body.message).toBe('Invalid or expired token');
    await request(t.http)
      .post(AUTH_PATHS.checkToken)
      .send({ token: ended })
      .expect(200, { success: false });
    await as(t, kept).get(ADMINS_PATH).expect(200);
    expect((await sessionsOf(t, kept)).map((s) => s.id)).toEqual([claimsOf(kept).jti]);
    expect((await auditLog(t, kept)).find((e) => e.action === 'session-ended')).toMatchObject({
      admin: { email: 'ender@example.com' },
      detail: { current: false },
    });
    // Ending your own current session is signing out.
    await as(t, kept)
      .delete(`${AUTH_PATHS.sessions}/${claimsOf(kept).jti}`)
      .expect(200);
    await as(t, kept).get(ADMINS_PATH).expect(401);
  });

  it('answers 404 for a session that is not yours or not there, 400 for a malformed id', async () => {
    await createAdmin(t, 'mine@example.com', PASSWORD);
    await createAdmin(t, 'theirs@example.com', PASSWORD);
    const mine = await signIn(t, 'mine@example.com', 'A/1');
    const theirs = await signIn(t, 'theirs@example.com', 'B/1');
    await as(t, mine)
      .delete(`${AUTH_PATHS.sessions}/${claimsOf(theirs).jti}`)
      .expect(404);
    await as(t, mine).delete(`${AUTH_PATHS.sessions}/${randomUUID()}`).expect(404);
    const bad = await as(t, mine).delete(`${AUTH_PATHS.sessions}/not-a-session`).expect(400);
    expect(bad.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/session id/),
    });
    await as(t, theirs).get(ADMINS_PATH).expect(200);
  });

  it('refuses the session on another API process at once (sessions live in the database)', async () => {
    const other = await createTestApp({ MONGODB_DB: t.dbName });
    try {
      await createAdmin(t, 'replicated@example.com', PASSWORD);
      const a = await signIn(t, 'replicated@example.com', 'A/1');
      const b = await signIn(t, 'replicated@example.com', 'B/1');
      await as(other, b).get(ADMINS_PATH).expect(200);
      await as(t, a)
        .delete(`${AUTH_PATHS.sessions}/${claimsOf(b).jti}`)
        .expect(200);
      await as(other, b).get(ADMINS_PATH).expect(401);
    } finally {
      // The database is the suite's: closing `other` must not drop it.
      await other.app.close();
    }
  });

  it('writes lastSeenAt at most about once a minute', async () => {
    await createAdmin(t, 'seen@example.com', PASSWORD);
    const token = await signIn(t, 'seen@example.com', 'Seen/1');
    const sessions = t.connection.collection<{ _id: string; lastSeenAt: Date }>('admin_sessions');
    const { jti } = claimsOf(token);
    const before = (await sessions.findOne({ _id: jti }))?.lastSeenAt;
    await as(t, token).get(ADMINS_PATH).expect(200);
    expect((await sessions.findOne({ _id: jti }))?.lastSeenAt).toEqual(before);
    const longAgo = new Date(Date.now() - 2 * 60_000);
    await sessions.updateOne({ _id: jti }, { $set: { lastSeenAt: longAgo } });
    await as(t, token).get(ADMINS_PATH).expect(200);
    const after = (await sessions.findOne({ _id: jti }))?.lastSeenAt;
    expect(after?.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('SESSION_IDLE_TIMEOUT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_TIMEOUT: '2s' });
    await createAdmin(t, 'idle@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps a session in use, and refuses one unused longer, saying why', async () => {
    const token = await signIn(t, 'idle@example.com', 'Idle/1');
    for (let i = 0; i < 4; i++) {
      await sleep(1000);
      await as(t, token).get(ADMINS_PATH).expect(200);
    }
    await sleep(2600);
    const refused = await as(t, token).get(ADMINS_PATH).expect(401);
    expect(refused.body).toMatchObject({ success: false, message: SESSION_TIMED_OUT });
    await request(t.http)
      .post(AUTH_PATHS.checkToken)
      .send({ token })
      .expect(200, { success: false, sessionTimedOut: true });
    // A new sign-in is a new session.
    const fresh = await signIn(t, 'idle@example.com', 'Idle/1');
    await as(t, fresh).get(ADMINS_PATH).expect(200);
    expect((await sessionsOf(t, fresh)).map((s) => s.id)).toEqual([claimsOf(fresh).jti]);
  }, 20_000);
});
