import { TokenDenyList } from '../../nest/src/auth/token-deny-list.store';
import {
  ADMINS_PATH,
  AUDIT_PATH,
  type AuditEntry,
  AUTH_PATHS,
  FULL_LEAD_ACCESS,
  INBOX_PATH,
  NO_LEAD_ACCESS,
  PASSWORD_CHANGE_REQUIRED,
} from '../../nest/src/contract';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

/** Admins manage admins, their own password and their sessions; signing out revokes on the server. */
describe('admins, passwords and sessions', () => {
  let t: TestApp;
  const owner = { email: 'owner@example.com', password: 'the owner password 1' };
  let token: string;

  const as = (bearer: string) => ({
    get: (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${bearer}`),
    post: (path: string, body: object = {}) =>
      request(t.http).post(path).set('Authorization', `Bearer ${bearer}`).send(body),
    delete: (path: string) => request(t.http).delete(path).set('Authorization', `Bearer ${bearer}`),
  });
  const isValid = async (bearer: string) =>
    (await request(t.http).post(AUTH_PATHS.checkToken).send({ token: bearer }).expect(200)).body
      .success as boolean;
  const auditLog = async (): Promise<AuditEntry[]> =>
    (await as(token).get(`${AUDIT_PATH}?limit=200`).expect(200)).body.entries;
  const idOf = async (email: string) =>
    String((await t.connection.collection('admins').findOne({ email }))?._id);
  /** A fresh admin of the CLI's kind (no change due), signed in. */
  const cliAdmin = async (email: string, password = 'a colleague password') => {
    await createAdmin(t, email, password);
    return { email, password, token: await loginToken(t, email, password) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t, owner.email, owner.password);
    token = await loginToken(t, owner.email, owner.password);
  });
  afterAll(() => t.close());

  describe('POST /auth/change-password', () => {
    it('needs a token', async () => {
      const res = await request(t.http)
        .post(AUTH_PATHS.changePassword)
        .send({ currentPassword: 'x', newPassword: 'y' })
        .expect(401);
      expect(res.body).toMatchObject({ success: false, message: 'Authentication required' });
    });

    it.each([
      ['no current password', { newPassword: 'a brand new password' }, 'currentPassword', null],
      ['no new password', { currentPassword: owner.password }, 'newPassword', null],
      [
        'a new password under 12 characters',
        { currentPassword: owner.password, newPassword: 'short pw 11' },
        'newPassword',
        'newPassword must be at least 12 characters',
      ],
      [
        'a new password over 256 characters',
        { currentPassword: owner.password, newPassword: 'x'.repeat(257) },
        'newPassword',
        null,
      ],
      [
        'a common breached password',
        { currentPassword: owner.password, newPassword: 'qwerty123456' },
        'newPassword',
        'newPassword is one of the most common passwords in data breaches; choose another',
      ],
      [
        'a common breached password in other case',
        { currentPassword: owner.password, newPassword: 'Password1234' },
        'newPassword',
        null,
      ],
      [
        'an operator object',
        { currentPassword: { $ne: null }, newPassword: 'a brand new password' },
        'currentPassword',
        null,
      ],
      [
        'an unknown field',
        { currentPassword: owner.password, newPassword: 'a brand new password', admin: 1 },
        'admin',
        null,
      ],
      [
        'the same password again',
        { currentPassword: owner.password, newPassword: owner.password },
        'newPassword',
        'newPassword must differ from currentPassword',
      ],
    ])('answers 400 for %s, naming the field', async (_name, body, field, message) => {
      const res = await as(token).post(AUTH_PATHS.changePassword, body).expect(400);
      expect(res.body).toMatchObject({
        success: false,
        message: expect.any(String),
        errors: { [field]: message ? [message] : [expect.any(String)] },
      });
      // Nothing changed: the session still works.
      expect(await isValid(token)).toBe(true);
    });

    it('answers 403 for the wrong current password, naming the field', async () => {
      const res = await as(token)
        .post(AUTH_PATHS.changePassword, {
          currentPassword: 'not the owner password',
          newPassword: 'a brand new password',
        })
        .expect(403);
      expect(res.body).toMatchObject({
        success: false,
        message: 'The current password is not correct',
        errors: { currentPassword: ['currentPassword is not correct'] },
      });
      // Nothing changed: the session still works.
      expect(await isValid(token)).toBe(true);
    });

    it('changes it: a fresh token, every older session ended, the new password signs in', async () => {
      const me = await cliAdmin('changer@example.com', 'the first password');
      const otherSession = await loginToken(t, me.email, me.password);
      const res = await as(me.token)
        .post(AUTH_PATHS.changePassword, {
          currentPassword: me.password,
          newPassword: 'the second password',
        })
        .expect(200);
      expect(res.body).toEqual({ success: true, token: expect.any(String) });
      expect(await isValid(res.body.token)).toBe(true);
      // Issued in the same second as the new token, and still refused.
      expect(await isValid(me.token)).toBe(false);
      expect(await isValid(otherSession)).toBe(false);
      await request(t.http)
        .post(AUTH_PATHS.login)
        .send({ email: me.email, password: 'the first password' })
        .expect(401);
      await loginToken(t, me.email, 'the second password');

      const entry = (await auditLog()).find((e) => e.action === 'password-changed');
      expect(entry).toMatchObject({ admin: { email: me.email }, ids: [], detail: {} });
      const stored = JSON.stringify(await t.connection.collection('audit_log').find().toArray());
      expect(stored).not.toContain('the first password');
      expect(stored).not.toContain('the second password');
    });
  });

  describe('POST /auth/logout and /auth/logout-all', () => {
    it('logout revokes that token on the server at once, and only that one', async () => {
      const me = await cliAdmin('leaver@example.com');
      const otherSession = await loginToken(t, me.email, me.password);
      await as(me.token).post(AUTH_PATHS.logout).expect(200, { success: true });
      expect(await isValid(me.token)).toBe(false);
      const res = await as(me.token).get(ADMINS_PATH).expect(401);
      expect(res.body.message).toBe('Invalid or expired token');
      await as(me.token).post(AUTH_PATHS.logout).expect(401);
      expect(await isValid(otherSession)).toBe(true);
      expect((await auditLog()).find((e) => e.action === 'sign-out')).toMatchObject({
        admin: { email: me.email },
      });
    });

    it('keeps a revoked token only until it would have expired', async () => {
      const me = await cliAdmin('short-lived@example.com');
      const { exp, jti } = JSON.parse(
        Buffer.from(me.token.split('.')[1] ?? '', 'base64url').toString(),
      ) as { exp: number; jti: string };
      await as(me.token).post(AUTH_PATHS.logout).expect(200);
      const revoked = t.connection.collection<{ _id: string }>('revoked_tokens');
      await expect(revoked.findOne({ _id: jti })).resolves.toEqual({
        _id: jti,
        adminId: await idOf(me.email),
        expiresAt: new Date(exp * 1000),
      });
      const denyList = t.app.get(TokenDenyList);
      await denyList.sweep(new Date(exp * 1000 - 1000));
      await expect(revoked.countDocuments({ _id: jti })).resolves.toBe(1);
      await denyList.sweep(new Date(exp * 1000));
      await expect(revoked.countDocuments({ _id: jti })).resolves.toBe(0);
    });

    it('logout-all ends every session of the admin, and no one else’s', async () => {
      const me = await cliAdmin('everywhere@example.com');
      const sessions = [me.token, await loginToken(t, me.email, me.password)];
      await as(me.token).post(AUTH_PATHS.logoutAll).expect(200, { success: true });
      for (const session of sessions) expect(await isValid(session)).toBe(false);
      expect(await isValid(token)).toBe(true);
      // Signing in again works at once (even within the same second).
      const fresh = await loginToken(t, me.email, me.password);
      expect(await isValid(fresh)).toBe(true);
      expect((await auditLog()).find((e) => e.action === 'sign-out-everywhere')).toMatchObject({
        admin: { email: me.email },
      });
    });

    it('both need a token', async () => {
      await request(t.http).post(AUTH_PATHS.logout).expect(401);
      await request(t.http).post(AUTH_PATHS.logoutAll).expect(401);
    });
  });

  describe('GET, POST /admins', () => {
    it('lists admins oldest first, with no secret in the answer', async () => {
      const res = await as(token).get(ADMINS_PATH).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.admins[0]).toEqual({
        id: await idOf(owner.email),
        email: owner.email,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        mustChangePassword: false,
        role: 'owner',
        access: FULL_LEAD_ACCESS,
      });
      for (const admin of res.body.admins)
        expect(Object.keys(admin).sort()).toEqual([
          'access',
          'createdAt',
          'email',
          'id',
          'mustChangePassword',
          'role',
        ]);
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|sessionVersion/);
    });

    it.each([
      ['no email', { password: 'an initial password' }, 'email'],
      ['not an email', { email: 'someone', password: 'an initial password' }, 'email'],
      ['no password', { email: 'someone@example.com' }, 'password'],
      ['a short password', { email: 'someone@example.com', password: 'eleven char' }, 'password'],
      ['a common password', { email: 'someone@example.com', password: '1qaz2wsx3edc' }, 'password'],
      [
        'NUL in the password',
        { email: 'someone@example.com', password: 'long pass\u0000word' },
        'password',
      ],
      [
        'an unknown field',
        { email: 'someone@example.com', password: 'an initial password', role: 'root' },
        'role',
      ],
    ])('answers 400 for %s', async (_name, body, field) => {
      const res = await as(token).post(ADMINS_PATH, body).expect(400);
      expect(res.body).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
      await expect(
        t.connection.collection('admins').countDocuments({ email: 'someone@example.com' }),
      ).resolves.toBe(0);
    });

    it('adds an admin (email normalised as sign-in does) who must change password first', async () => {
      const res = await as(token)
        .post(ADMINS_PATH, { email: '  New.Admin@Example.COM ', password: 'an initial password' })
        .expect(201);
      expect(res.body).toEqual({
        success: true,
        admin: {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          email: 'new.admin@example.com',
          createdAt: expect.any(String),
          mustChangePassword: true,
          role: 'viewer',
          access: NO_LEAD_ACCESS,
        },
      });
      const duplicate = await as(token)
        .post(ADMINS_PATH, { email: 'NEW.admin@example.com', password: 'another initial one' })
        .expect(409);
      expect(duplicate.body.message).toBe('An admin with this email already exists');
      expect((await auditLog()).find((e) => e.action === 'admin-added')).toMatchObject({
        admin: { email: owner.email },
        ids: [res.body.admin.id],
        detail: { email: 'new.admin@example.com' },
      });

      // First sign-in: the token, and the change that is due.
      const signIn = await request(t.http)
        .post(AUTH_PATHS.login)
        .send({ email: 'new.admin@example.com', password: 'an initial password' })
        .expect(200);
      expect(signIn.body).toEqual({
        success: true,
        token: expect.any(String),
        mustChangePassword: true,
      });
      const first = as(signIn.body.token);
      await request(t.http)
        .post(AUTH_PATHS.checkToken)
        .send({ token: signIn.body.token })
        .expect(200, { success: true, mustChangePassword: true });
      for (const refused of [
        first.get(ADMINS_PATH),
        first.get(INBOX_PATH),
        first.get(AUDIT_PATH),
        first.post(ADMINS_PATH, { email: 'x@example.com', password: 'an initial password' }),
        first.post(AUTH_PATHS.logoutAll),
      ]) {
        const answer = await refused.expect(403);
        expect(answer.body).toMatchObject({ success: false, message: PASSWORD_CHANGE_REQUIRED });
      }

      const changed = await first
        .post(AUTH_PATHS.changePassword, {
          currentPassword: 'an initial password',
          newPassword: 'my very own password',
        })
        .expect(200);
      const list = await as(changed.body.token).get(ADMINS_PATH).expect(200);
      expect(
        list.body.admins.find((a: { email: string }) => a.email === 'new.admin@example.com'),
      ).toMatchObject({ mustChangePassword: false });
      const again = await request(t.http)
        .post(AUTH_PATHS.login)
        .send({ email: 'new.admin@example.com', password: 'my very own password' })
        .expect(200);
      expect(again.body).toEqual({ success: true, token: expect.any(String) });
    });

    it('lets an admin on an initial password sign out', async () => {
      await as(token)
        .post(ADMINS_PATH, { email: 'pending@example.com', password: 'an initial password' })
        .expect(201);
      const pending = await loginToken(t, 'pending@example.com', 'an initial password');
      await as(pending).post(AUTH_PATHS.logout).expect(200);
      expect(await isValid(pending)).toBe(false);
    });
  });

  describe('DELETE /admins/:id', () => {
    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      const bad = await as(token).delete(`${ADMINS_PATH}/not-an-id`).expect(400);
      expect(bad.body.message).toBe('id must be a 24-character hexadecimal id');
      const unknown = await as(token).delete(`${ADMINS_PATH}/0123456789abcdef01234567`).expect(404);
      expect(unknown.body).toMatchObject({ success: false, message: 'No admin with this id' });
    });

    it('removes an admin, whose tokens stop working at once', async () => {
      const other = await cliAdmin('removed@example.com');
      const id = await idOf(other.email);
      await as(token).delete(`${ADMINS_PATH}/${id}`).expect(200, { success: true });
      expect(await isValid(other.token)).toBe(false);
      await as(other.token).get(ADMINS_PATH).expect(401);
      await as(token).delete(`${ADMINS_PATH}/${id}`).expect(404);
      expect((await auditLog()).find((e) => e.action === 'admin-removed')).toMatchObject({
        ids: [id],
        detail: { email: other.email },
      });
    });

    it('lets an admin remove themself while another remains, never the last one', async () => {
      const self = await cliAdmin('self@example.com');
      await as(self.token)
        .delete(`${ADMINS_PATH}/${await idOf(self.email)}`)
        .expect(200);
      expect(await isValid(self.token)).toBe(false);

      // Remove everyone but the owner, then the owner is the last one.
      const { body } = await as(token).get(ADMINS_PATH).expect(200);
      const ownerId = await idOf(owner.email);
      for (const admin of body.admins as { id: string }[])
        if (admin.id !== ownerId) await as(token).delete(`${ADMINS_PATH}/${admin.id}`).expect(200);
      const last = await as(token).delete(`${ADMINS_PATH}/${ownerId}`).expect(409);
      expect(last.body).toMatchObject({
        success: false,
        message: 'This is the last admin and cannot be removed: add another admin first',
      });
      expect(await isValid(token)).toBe(true);
    });
  });

  it('lists 403 exactly on the calls that refuse an admin whose password change is due', async () => {
    await as(token)
      .post(ADMINS_PATH, { email: 'due@example.com', password: 'an initial password' })
      .expect(201);
    const due = await loginToken(t, 'due@example.com', 'an initial password');
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const paths = doc.paths as Record<
      string,
      Record<
        string,
        {
          security?: Record<string, unknown>[];
          responses: Record<string, { description?: string }>;
        }
      >
    >;
    // A 403 can have other causes too (a second factor to set up, a reauthentication due): the
    // password change's is named in its description.
    const calls = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.security?.every((scheme) => Object.keys(scheme).length > 0))
        .map(([method, op]) => ({
          method,
          path,
          documented: op.responses['403']?.description?.includes(PASSWORD_CHANGE_REQUIRED) ?? false,
        })),
    );
    // Signing out ends the session the others are called with: last.
    calls.sort(
      (a, b) => Number(a.path === AUTH_PATHS.logout) - Number(b.path === AUTH_PATHS.logout),
    );
    expect(calls.length).toBeGreaterThan(40);
    for (const { method, path, documented } of calls) {
      const url = path.replace(/\{[^}]+\}/g, '6650b2f1c2a4e3b1f0a1b2c3');
      const call = request(t.http)[method as 'get' | 'post' | 'delete'](url);
      const res = await call.set('Authorization', `Bearer ${due}`).send({});
      expect({ method, path, refused: res.status === 403 }).toEqual({
        method,
        path,
        refused: documented,
      });
    }
  });

  it('documents the new calls in the OpenAPI document, with bearer auth', async () => {
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const paths = doc.paths as Record<string, Record<string, { security?: unknown[] }>>;
    for (const [method, path] of [
      ['post', AUTH_PATHS.changePassword],
      ['post', AUTH_PATHS.logout],
      ['post', AUTH_PATHS.logoutAll],
      ['get', ADMINS_PATH],
      ['post', ADMINS_PATH],
      ['delete', `${ADMINS_PATH}/{id}`],
    ] as const)
      expect({ method, path, security: paths[path]?.[method]?.security }).toEqual({
        method,
        path,
        security: [{ bearer: [] }],
      });
  });
});
