import {
  ADMINS_PATH,
  AUTH_PATHS,
  FULL_LEAD_ACCESS,
  INBOX_PATH,
  LAST_OWNER_REFUSAL,
  LEAD_KINDS,
  leadPaths,
  NEW_ADMIN_ROLE,
  permissionRefusal,
  REAUTH_REQUIRED,
  ROLE_PERMISSIONS,
} from '../../nest/src/contract';
import { as, auditLog, makeStale } from '../support/account';
import { createAdmin, createTestApp, loginToken, type TestApp } from '../support/test-app';

const PASSWORD = 'a long and good password';

/** Roles: who may do what, changed by owners, read from the admin's record on every request. */
describe('admin roles', () => {
  let t: TestApp;
  let owner: string;
  const admins = () => t.connection.collection('admins');
  const idOf = async (email: string) => String((await admins().findOne({ email }))?._id);
  /** A signed-in admin of `role`, added by the owner (past their initial password). */
  const withRole = async (email: string, role?: string) => {
    await as(t, owner)
      .post(ADMINS_PATH, { email, password: 'an initial password', ...(role ? { role } : {}) })
      .expect(201);
    await createAdmin(t, email, PASSWORD);
    return { id: await idOf(email), token: await loginToken(t, email, PASSWORD) };
  };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    owner = await loginToken(t, 'owner@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  it('GET /auth/me answers who is signed in, the role and its permissions', async () => {
    const me = await as(t, owner).get(AUTH_PATHS.me).expect(200);
    expect(me.body).toEqual({
      success: true,
      id: await idOf('owner@example.com'),
      email: 'owner@example.com',
      role: 'owner',
      access: FULL_LEAD_ACCESS,
      permissions: [...ROLE_PERMISSIONS.owner],
      timeZone: null,
    });
    const viewer = await withRole('me-viewer@example.com', 'viewer');
    const theirs = await as(t, viewer.token).get(AUTH_PATHS.me).expect(200);
    expect(theirs.body).toMatchObject({
      role: 'viewer',
      permissions: ['account', 'leads.read', 'insights.read', 'audit.read.own', 'admins.read'],
    });
  });

  it('reads an admin stored before roles (no role field) as an owner', async () => {
    await createAdmin(t, 'legacy@example.com', PASSWORD);
    await admins().updateOne({ email: 'legacy@example.com' }, { $unset: { role: '' } });
    expect(await admins().findOne({ email: 'legacy@example.com' })).not.toHaveProperty('role');
    const token = await loginToken(t, 'legacy@example.com', PASSWORD);
    await expect(as(t, token).get(AUTH_PATHS.me).expect(200)).resolves.toMatchObject({
      body: { role: 'owner' },
    });
    const list = await as(t, owner).get(ADMINS_PATH).expect(200);
    expect(
      list.body.admins.find((a: { email: string }) => a.email === 'legacy@example.com'),
    ).toMatchObject({ role: 'owner' });
    await as(t, token)
      .delete(`${ADMINS_PATH}/${await idOf('legacy@example.com')}`)
      .expect(200);
  });

  it('POST /admins takes a role, viewer when left out; refuses an unknown one', async () => {
    const plain = await as(t, owner)
      .post(ADMINS_PATH, { email: 'plain@example.com', password: 'an initial password' })
      .expect(201);
    expect(plain.body.admin).toMatchObject({ role: NEW_ADMIN_ROLE });
    expect(NEW_ADMIN_ROLE).toBe('viewer');
    const agent = await as(t, owner)
      .post(ADMINS_PATH, {
        email: 'agent-new@example.com',
        password: 'an initial password',
        role: 'agent',
      })
      .expect(201);
    expect(agent.body.admin).toMatchObject({ role: 'agent' });
    const bad = await as(t, owner)
      .post(ADMINS_PATH, {
        email: 'bad@example.com',
        password: 'an initial password',
        role: 'root',
      })
      .expect(400);
    expect(bad.body.errors).toEqual({
      role: ['role must be one of: owner, manager, agent, viewer'],
    });
    expect((await auditLog(t, owner)).find((e) => e.action === 'admin-added')).toMatchObject({
      detail: { email: 'agent-new@example.com', role: 'agent' },
    });
  });

  describe('PATCH /admins/:id', () => {
    it('changes a role at once: the next request has the new rights, audited before and after', async () => {
      const agent = await withRole('promoted@example.com', 'agent');
      const settings = '/settings/response-targets';
      const refused = await as(t, agent.token).get(settings).expect(403);
      expect(refused.body).toMatchObject({
        success: false,
        message: permissionRefusal('agent', 'settings.leads'),
      });

      const res = await as(t, owner)
        .patch(`${ADMINS_PATH}/${agent.id}`, { role: 'manager' })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        admin: expect.objectContaining({
          id: agent.id,
          email: 'promoted@example.com',
          role: 'manager',
        }),
      });
      await as(t, agent.token).get(settings).expect(200);
      expect((await as(t, agent.token).get(AUTH_PATHS.me)).body.role).toBe('manager');

      await as(t, owner).patch(`${ADMINS_PATH}/${agent.id}`, { role: 'viewer' }).expect(200);
      const { paths } = { paths: leadPaths(LEAD_KINDS.contactUs) };
      const work = await as(t, agent.token).post(paths.archive, { ids: [] }).expect(403);
      expect(work.body.message).toBe(permissionRefusal('viewer', 'leads.work'));
      await as(t, agent.token).get(INBOX_PATH).expect(200);

      const entries = (await auditLog(t, owner)).filter((e) => e.action === 'role-changed');
      expect(entries.slice(0, 2)).toEqual([
        expect.objectContaining({
          admin: expect.objectContaining({ email: 'owner@example.com' }),
          ids: [agent.id],
          detail: { email: 'promoted@example.com', from: 'manager', to: 'viewer' },
        }),
        expect.objectContaining({
          ids: [agent.id],
          detail: { email: 'promoted@example.com', from: 'agent', to: 'manager' },
        }),
      ]);
    });

    it('holds on another API process sharing the database, from its next request', async () => {
      const other = await createTestApp({ MONGODB_DB: t.dbName, LOGIN_DELAY_MAX_MS: '0' });
      try {
        const manager = await withRole('replica@example.com', 'manager');
        await as(other, manager.token).get('/settings/blocklist').expect(200);
        await as(t, owner).patch(`${ADMINS_PATH}/${manager.id}`, { role: 'agent' }).expect(200);
        const refused = await as(other, manager.token).get('/settings/blocklist').expect(403);
        expect(refused.body.message).toBe(permissionRefusal('agent', 'settings.leads'));
      } finally {
        // Not close(): that drops the database the first app still uses.
        await other.app.close();
      }
    });

    it('is for owners only, with a fresh factor', async () => {
      const manager = await withRole('not-owner@example.com', 'manager');
      const target = await withRole('target@example.com', 'viewer');
      const res = await as(t, manager.token)
        .patch(`${ADMINS_PATH}/${target.id}`, { role: 'owner' })
        .expect(403);
      expect(res.body.message).toBe(permissionRefusal('manager', 'admins.manage'));

      const staleOwner = await withRole('stale-owner@example.com', 'owner');
      await makeStale(t, staleOwner.token);
      const stale = await as(t, staleOwner.token)
        .patch(`${ADMINS_PATH}/${target.id}`, { role: 'agent' })
        .expect(403);
      expect(stale.body).toMatchObject({ reauthRequired: true, message: REAUTH_REQUIRED });
      expect((await admins().findOne({ email: 'target@example.com' }))?.role).toBe('viewer');
    });

    it('answers 400 for an unknown role, neither role nor access, or another field; 404 for an unknown admin', async () => {
      const target = await withRole('fields@example.com', 'viewer');
      const path = `${ADMINS_PATH}/${target.id}`;
      for (const [body, field] of [
        [{ role: 'root' }, 'role'],
        [{}, 'role'],
        // Access names kinds under `kinds` (lead-access.e2e-spec.ts): a kind beside it is unknown.
        [{ role: 'agent', access: { contactUs: 'all' } }, 'access.contactUs'],
        [{ role: 'agent', email: 'x@example.com' }, 'email'],
      ] as const) {
        const res = await as(t, owner).patch(path, body).expect(400);
        expect(res.body).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
      }
      await as(t, owner).patch(`${ADMINS_PATH}/not-an-id`, { role: 'agent' }).expect(400);
      const missing = await as(t, owner)
        .patch(`${ADMINS_PATH}/0123456789abcdef01234567`, { role: 'agent' })
        .expect(404);
      expect(missing.body).toMatchObject({ success: false, message: 'No admin with this id' });
      expect((await admins().findOne({ email: 'fields@example.com' }))?.role).toBe('viewer');
    });
  });

  describe('always one owner', () => {
    it('refuses, whoever asks, to demote or remove the last owner (409)', async () => {
      // Every other owner made by the tests above goes back to viewer, by the first owner.
      const { body } = await as(t, owner).get(ADMINS_PATH).expect(200);
      const ownerId = await idOf('owner@example.com');
      for (const admin of body.admins as { id: string; role: string }[])
        if (admin.role === 'owner' && admin.id !== ownerId)
          await as(t, owner).patch(`${ADMINS_PATH}/${admin.id}`, { role: 'viewer' }).expect(200);

      const demote = await as(t, owner)
        .patch(`${ADMINS_PATH}/${ownerId}`, { role: 'manager' })
        .expect(409);
      expect(demote.body).toMatchObject({ success: false, message: LAST_OWNER_REFUSAL });
      const remove = await as(t, owner).delete(`${ADMINS_PATH}/${ownerId}`).expect(409);
      expect(remove.body).toMatchObject({ success: false, message: LAST_OWNER_REFUSAL });
      expect((await as(t, owner).get(AUTH_PATHS.me)).body.role).toBe('owner');

      // With a second owner, the first may step down; then the second is the last.
      const second = await withRole('second-owner@example.com', 'owner');
      await as(t, owner).patch(`${ADMINS_PATH}/${ownerId}`, { role: 'manager' }).expect(200);
      await as(t, second.token).patch(`${ADMINS_PATH}/${second.id}`, { role: 'agent' }).expect(409);
      await as(t, second.token).patch(`${ADMINS_PATH}/${ownerId}`, { role: 'owner' }).expect(200);
    });
  });
});
