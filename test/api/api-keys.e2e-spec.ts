import { createHash } from 'node:crypto';

import {
  ADMINS_PATH,
  API_KEY_PATTERN,
  API_KEY_REFUSALS,
  API_KEYS_PATH,
  apiKeyRefusal,
  AUDIT_PATH,
  AUTH_PATHS,
  CHAT_WEBHOOKS_PATH,
  type CreateApiKeyResponse,
  LEAD_KINDS,
  leadPaths,
  permissionRefusal,
  PRIVACY_PATHS,
} from '../../nest/src/contract';
import { as, auditLog } from '../support/account';
import {
  createAdmin,
  createTestApp,
  insertLeads,
  loginToken,
  type TestApp,
} from '../support/test-app';

const contactUs = leadPaths(LEAD_KINDS.contactUs);
const keDemo = leadPaths(LEAD_KINDS.keDemo);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const RATE = 20;

/**
 * API keys for integrations (issue 34): owners create them bound to a role and access; the key is
 * answered once and stored hashed; sent as a bearer token it passes the same guard and scope,
 * throttled and audited, and never manages admins, keys or security settings.
 */
describe('API keys', () => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  /** contactUs leads, oldest first: a the owner's, b and c nobody's. */
  let a: string, b: string, c: string;

  const create = async (body: object): Promise<CreateApiKeyResponse> =>
    (await as(t, owner).post(API_KEYS_PATH, body).expect(201)).body;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0', API_KEY_RATE_LIMIT: String(RATE) });
    await createAdmin(t, 'owner@example.com');
    owner = await loginToken(t, 'owner@example.com');
    ownerId = String(
      (await t.connection.collection('admins').findOne({ email: 'owner@example.com' }))?._id,
    );
    [a, b, c] = (await insertLeads(t, LEAD_KINDS.contactUs, 3)) as [string, string, string];
    await insertLeads(t, LEAD_KINDS.keDemo, 2);
    await as(t, owner)
      .post(contactUs.assign, { ids: [a], adminId: ownerId })
      .expect(200);
  });
  afterAll(() => t.close());

  it('answers the key once, and stores only its hash', async () => {
    const made = await create({ name: 'Zapier', role: 'viewer' });
    expect(made.key).toMatch(API_KEY_PATTERN);
    expect(made.apiKey).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Zapier',
      hint: made.key.slice(0, 10),
      role: 'viewer',
      access: {
        kinds: { contactUs: 'none', keDemo: 'none', brokerDemo: 'none', consultation: 'none' },
        seeUnassigned: false,
      },
      createdAt: expect.any(String),
      createdBy: { id: ownerId, email: 'owner@example.com' },
      expiresAt: null,
      lastUsedAt: null,
    });
    const stored = await t.connection.collection('api_keys').find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain(made.key.slice(10));
    expect(stored.map((record) => record._id)).toContain(sha256(made.key));
  });

  it('lists keys without the key or its hash, newest first', async () => {
    const first = await create({ name: 'First', role: 'agent' });
    const second = await create({ name: 'Second', role: 'manager' });
    const res = await as(t, owner).get(API_KEYS_PATH).expect(200);
    const names = res.body.apiKeys.map((key: { name: string }) => key.name);
    expect(names.indexOf('Second')).toBeLessThan(names.indexOf('First'));
    const text = JSON.stringify(res.body);
    for (const { key } of [first, second]) {
      expect(text).not.toContain(key.slice(10));
      expect(text).not.toContain(sha256(key));
    }
  });

  it('reads leads as an admin of its role and access would, and audits each use', async () => {
    const { key, apiKey } = await create({
      name: 'CRM sync',
      role: 'viewer',
      access: { kinds: { contactUs: 'all' } },
    });
    const list = await as(t, key).get(contactUs.active).expect(200);
    expect(list.body.data.map((lead: { _id: string }) => lead._id).sort()).toEqual(
      [a, b, c].sort(),
    );
    const none = await as(t, key).get(keDemo.active).expect(200);
    expect(none.body).toMatchObject({ data: [], total: 0 });

    // `assigned` with nobody's: a key is no lead's owner, so it sees only the leads nobody has.
    const scoped = await create({
      name: 'New leads only',
      role: 'agent',
      access: { kinds: { contactUs: 'assigned' }, seeUnassigned: true },
    });
    const theirs = await as(t, scoped.key).get(contactUs.active).expect(200);
    expect(theirs.body.data.map((lead: { _id: string }) => lead._id).sort()).toEqual([b, c].sort());
    await as(t, scoped.key).get(contactUs.one(a)).expect(404);

    // A viewer's key changes nothing.
    const refused = await as(t, key)
      .post(contactUs.read, { ids: [a] })
      .expect(403);
    expect(refused.body.message).toBe(permissionRefusal('viewer', 'leads.work'));

    const log = await auditLog(t, owner);
    const uses = log.filter(
      (entry) => entry.action === 'api-key-used' && entry.ids[0] === apiKey.id,
    );
    expect(uses.map((entry) => entry.detail.route)).toEqual(
      expect.arrayContaining([
        '/contact-us-request/contact-us-requests',
        '/ke-demo-request/ke-demo-requests',
      ]),
    );
    expect(uses[0]).toMatchObject({
      admin: { id: apiKey.id, email: 'API key: CRM sync' },
      detail: { key: 'CRM sync', method: expect.any(String) },
    });
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'api-key-created',
          ids: [apiKey.id],
          admin: { id: ownerId, email: 'owner@example.com' },
          detail: expect.objectContaining({ key: 'CRM sync', role: 'viewer' }),
        }),
      ]),
    );
    const listed = await as(t, owner).get(API_KEYS_PATH).expect(200);
    const shown = listed.body.apiKeys.find((k: { id: string }) => k.id === apiKey.id);
    expect(Date.parse(shown.lastUsedAt)).toBeGreaterThan(Date.parse(apiKey.createdAt) - 1);
  });

  it("reads the activity log of its own use alone, as an agent's or viewer's session does", async () => {
    const { key, apiKey } = await create({ name: 'Reporting', role: 'agent' });
    await as(t, key).get(contactUs.active).expect(200);
    const res = await as(t, key).get(`${AUDIT_PATH}?limit=200`).expect(200);
    const entries = res.body.entries as { admin: { id: string }; action: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect([...new Set(entries.map((entry) => entry.admin.id))]).toEqual([apiKey.id]);
    expect(entries.map((entry) => entry.action)).toContain('api-key-used');
    // A manager's key reads everyone's, as a manager does.
    const manager = await create({ name: 'Team report', role: 'manager' });
    const all = await as(t, manager.key).get(`${AUDIT_PATH}?limit=200`).expect(200);
    const whose = new Set(
      all.body.entries.map((entry: { admin: { id: string } }) => entry.admin.id),
    );
    expect(whose.has(ownerId)).toBe(true);
  });

  it('refuses an expired key (401)', async () => {
    const { key } = await create({
      name: 'Short-lived',
      role: 'owner',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await as(t, key).get(contactUs.active).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const res = await as(t, key).get(contactUs.active).expect(401);
    expect(res.body).toMatchObject({ success: false, message: API_KEY_REFUSALS.expired });
  });

  it('refuses a revoked key at once, on every API process (401)', async () => {
    const { key, apiKey } = await create({ name: 'Revoke me', role: 'manager' });
    const other = await createTestApp({ MONGODB_DB: t.dbName, LOGIN_DELAY_MAX_MS: '0' });
    try {
      await as(other, key).get(contactUs.active).expect(200);
      await as(t, owner).delete(`${API_KEYS_PATH}/${apiKey.id}`).expect(200);
      for (const app of [t, other]) {
        const res = await as(app, key).get(contactUs.active).expect(401);
        expect(res.body).toMatchObject({ success: false, message: API_KEY_REFUSALS.revoked });
      }
    } finally {
      // Not close(): that drops the database the first app still uses.
      await other.app.close();
    }
    await as(t, owner).delete(`${API_KEYS_PATH}/${apiKey.id}`).expect(404);
    const listed = await as(t, owner).get(API_KEYS_PATH).expect(200);
    expect(listed.body.apiKeys.map((k: { id: string }) => k.id)).not.toContain(apiKey.id);
    expect(await auditLog(t, owner)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'api-key-revoked',
          ids: [apiKey.id],
          detail: { key: 'Revoke me' },
        }),
      ]),
    );
    const unknown = await as(t, `bmd_${'A'.repeat(43)}`)
      .get(contactUs.active)
      .expect(401);
    expect(unknown.body.message).toBe(API_KEY_REFUSALS.unknown);
  });

  it('never manages admins, keys or security settings, whatever its role (403)', async () => {
    const { key } = await create({ name: 'Owner key', role: 'owner' });
    const calls: [string, () => ReturnType<ReturnType<typeof as>['get']>, string][] = [
      ['GET /api-keys', () => as(t, key).get(API_KEYS_PATH), 'apikeys.manage'],
      [
        'POST /api-keys',
        () => as(t, key).post(API_KEYS_PATH, { name: 'Child', role: 'owner' }),
        'apikeys.manage',
      ],
      [
        'POST /admins',
        () => as(t, key).post(ADMINS_PATH, { email: 'x@example.com', password: 'long enough 123' }),
        'admins.manage',
      ],
      [
        'PATCH /admins/:id',
        () => as(t, key).patch(`${ADMINS_PATH}/${ownerId}`, { role: 'viewer' }),
        'admins.manage',
      ],
      ['GET /auth/me', () => as(t, key).get(AUTH_PATHS.me), 'account'],
      ['GET /auth/sessions', () => as(t, key).get(AUTH_PATHS.sessions), 'account'],
      [
        'POST /auth/mfa/totp',
        () => as(t, key).post(AUTH_PATHS.mfaTotp, { password: 'x' }),
        'account',
      ],
      ['GET /privacy/retention', () => as(t, key).get(PRIVACY_PATHS.retention), 'retention'],
      [
        'POST /privacy/erase',
        () => as(t, key).post(PRIVACY_PATHS.erase, { email: 'a@example.com' }),
        'privacy',
      ],
      [
        'GET chat-alert webhooks',
        () => as(t, key).get(CHAT_WEBHOOKS_PATH),
        'settings.integrations',
      ],
    ];
    const outcomes: unknown[] = [];
    for (const [name, call, permission] of calls) {
      const res = await call();
      outcomes.push({ name, status: res.status, message: res.body.message });
      expect({ name, status: res.status, message: res.body.message }).toEqual({
        name,
        status: 403,
        message: apiKeyRefusal(permission as Parameters<typeof apiKeyRefusal>[0]),
      });
    }
    expect(outcomes).toHaveLength(calls.length);
    // Nothing of it happened: no key was made by the key.
    const listed = await as(t, owner).get(API_KEYS_PATH).expect(200);
    expect(listed.body.apiKeys.map((k: { name: string }) => k.name)).not.toContain('Child');
  });

  it('throttles a key past API_KEY_RATE_LIMIT a minute (429), and only that key', async () => {
    const { key } = await create({ name: 'Busy', role: 'agent' });
    for (let i = 0; i < RATE; i++) await as(t, key).get(keDemo.active).expect(200);
    const res = await as(t, key).get(keDemo.active).expect(429);
    expect(res.body.message).toMatch(/^Too many requests with this API key/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const { key: calm } = await create({ name: 'Calm', role: 'agent' });
    await as(t, calm).get(keDemo.active).expect(200);
  });

  it('refuses bad input with errors per field (400)', async () => {
    const cases: [object, string][] = [
      [{ role: 'viewer' }, 'name'],
      [{ name: '   ', role: 'viewer' }, 'name'],
      [{ name: 'x'.repeat(101), role: 'viewer' }, 'name'],
      [{ name: 'tab\there', role: 'viewer' }, 'name'],
      [{ name: 'bell\u0007', role: 'viewer' }, 'name'],
      [{ name: 'Ok' }, 'role'],
      [{ name: 'Ok', role: 'admin' }, 'role'],
      [{ name: 'Ok', role: 'viewer', access: 'all' }, 'access'],
      [
        { name: 'Ok', role: 'viewer', access: { kinds: { contactUs: 'most' } } },
        'access.kinds.contactUs',
      ],
      [{ name: 'Ok', role: 'viewer', access: { kinds: { boats: 'all' } } }, 'access.kinds.boats'],
      [{ name: 'Ok', role: 'viewer', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'Ok', role: 'viewer', expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'Ok', role: 'viewer', expiresAt: '2099-02-30T00:00:00Z' }, 'expiresAt'],
      [{ name: 'Ok', role: 'viewer', secret: 'mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const res = await as(t, owner).post(API_KEYS_PATH, body);
      expect({ body, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
        body,
        status: 400,
        fields: [field],
      });
    }
    const ok = await create({ name: 'x'.repeat(100), role: 'viewer' });
    expect(ok.apiKey.name).toHaveLength(100);
    await as(t, owner).delete(`${API_KEYS_PATH}/not-an-id`).expect(400);
    await as(t, owner).delete(`${API_KEYS_PATH}/6650b2f1c2a4e3b1f0a1b2c3`).expect(404);
  });

  it('is for owners only', async () => {
    await as(t, owner)
      .post(ADMINS_PATH, {
        email: 'manager@example.com',
        password: 'an initial password',
        role: 'manager',
      })
      .expect(201);
    await createAdmin(t, 'manager@example.com');
    const manager = await loginToken(t, 'manager@example.com');
    const res = await as(t, manager)
      .post(API_KEYS_PATH, { name: 'Mine', role: 'viewer' })
      .expect(403);
    expect(res.body.message).toBe(permissionRefusal('manager', 'apikeys.manage'));
    await as(t, manager).get(API_KEYS_PATH).expect(403);
  });
});
