import {
  AUDIT_PATH,
  type AuditEntry,
  INBOX_PATH,
  LEAD_KINDS,
  leadPaths,
  PRIVACY_PATHS,
} from '../../nest/src/contract';
import { LeadEmailKeys } from '../../nest/src/leads/core/lead-email-keys';
import { validSubmission } from '../support/submissions';
import { insertLeads, request, signedInTestApp, type TestApp } from '../support/test-app';

describe('a person’s leads (access, erasure) and who did what', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const submit = (kind: (typeof LEAD_KINDS)[keyof typeof LEAD_KINDS], email: string, n = 0) =>
    request(t.http)
      .post(leadPaths(kind).create)
      .send({ ...validSubmission(kind, n), email })
      .expect(201);
  const auditLog = async (): Promise<AuditEntry[]> =>
    (await get(`${AUDIT_PATH}?limit=200`).expect(200)).body.entries;

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INTAKE_RATE_LIMIT: '1000' }));
  });
  afterAll(() => t.close());

  it('finds every lead of an address across the kinds, whatever its case', async () => {
    await submit(LEAD_KINDS.contactUs, 'Ada.Lovelace@Example.com');
    await submit(LEAD_KINDS.keDemo, 'ada.lovelace@example.com');
    await submit(LEAD_KINDS.keDemo, 'someone@example.com', 1);
    const { body } = await get(
      `${PRIVACY_PATHS.leads}?email=${encodeURIComponent(' ADA.lovelace@example.COM ')}`,
    ).expect(200);
    expect(body.total).toBe(2);
    expect(body.kinds.contactUs.map((l: { email: string }) => l.email)).toEqual([
      'Ada.Lovelace@Example.com',
    ]);
    expect(body.kinds.keDemo).toHaveLength(1);
    expect(body.kinds.brokerDemo).toEqual([]);
  });

  it('finds leads stored before email keys existed, once they are filled in at start', async () => {
    const kind = LEAD_KINDS.consultation;
    const [id] = await insertLeads(t, kind, 1);
    await t.connection
      .collection(kind.collection)
      .updateOne({ email: 'lead0@example.com' }, { $unset: { emailKey: '' } });
    await expect(t.app.get(LeadEmailKeys).fill('consultation')).resolves.toBe(1);
    const { body } = await get(`${PRIVACY_PATHS.leads}?email=LEAD0@example.com`).expect(200);
    expect(body.kinds.consultation.map((l: { _id: string }) => l._id)).toEqual([id]);
  });

  it('erases every lead of an address, answers the counts and keeps the totals exact', async () => {
    const kind = LEAD_KINDS.brokerDemo;
    const first = await submit(kind, 'grace@example.com');
    await submit(kind, 'Grace@Example.com', 1);
    await submit(LEAD_KINDS.contactUs, 'grace@example.com', 2);
    await submit(kind, 'other@example.com', 3);
    await post(leadPaths(kind).archive, { [kind.idField]: first.body.id }).expect(200);

    const { body } = await post(PRIVACY_PATHS.erase, { email: 'grace@example.com' }).expect(200);
    expect(body).toEqual({
      success: true,
      erased: { contactUs: 1, keDemo: 0, brokerDemo: 2, consultation: 0 },
      total: 3,
    });
    const left = await get(`${PRIVACY_PATHS.leads}?email=grace@example.com`).expect(200);
    expect(left.body.total).toBe(0);
    const overview = await get(INBOX_PATH).expect(200);
    const stored = t.connection.collection(kind.collection);
    expect(overview.body.kinds.brokerDemo.totals).toEqual({
      active: await stored.countDocuments({ archivedAt: null }),
      archived: await stored.countDocuments({ archivedAt: { $ne: null } }),
      unread: await stored.countDocuments({ archivedAt: null, readAt: null }),
      spam: 0,
      // Every lead here is new: the erased ones leave that stage's count too.
      stages: {
        new: await stored.countDocuments({ archivedAt: null }),
        contacted: 0,
        qualified: 0,
        won: 0,
        lost: 0,
      },
      overdue: 0,
      needsReply: await stored.countDocuments({ archivedAt: null }),
    });
    // The log says an erasure happened and how much, and holds nothing of the person.
    const log = await auditLog();
    expect(log.find((e) => e.action === 'erase')).toMatchObject({
      detail: { brokerDemo: 2, contactUs: 1 },
    });
    expect(JSON.stringify(log).toLowerCase()).not.toContain('grace');
  });

  it('refuses a malformed address and callers without a token', async () => {
    await get(`${PRIVACY_PATHS.leads}?email=not-an-email`).expect(400);
    await post(PRIVACY_PATHS.erase, {}).expect(400);
    await request(t.http).post(PRIVACY_PATHS.erase).send({ email: 'a@example.com' }).expect(401);
  });

  it('records sign-ins, failed ones too, and actions on leads, with who and from where', async () => {
    await request(t.http)
      .post('/auth/login')
      .send({ email: 'admin@example.com', password: 'wrong password entirely' })
      .expect(401);
    const kind = LEAD_KINDS.keDemo;
    const [id] = await insertLeads(t, kind, 1);
    await post(leadPaths(kind).read, { ids: [id] }).expect(200);
    const log = await auditLog();
    expect(log[0]).toEqual({
      _id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      action: 'read',
      admin: { id: expect.stringMatching(/^[0-9a-f]{24}$/), email: 'admin@example.com' },
      kind: 'keDemo',
      ids: [id],
      ip: expect.stringMatching(/127\.0\.0\.1/),
      detail: {},
    });
    expect(log.find((e) => e.action === 'sign-in-failed')).toMatchObject({
      admin: { id: null, email: 'admin@example.com' },
    });
    expect(log.find((e) => e.action === 'sign-in')?.admin.email).toBe('admin@example.com');
  });

  it('pages the log newest first, and offers no way to change it', async () => {
    const first = await get(`${AUDIT_PATH}?limit=2`).expect(200);
    expect(first.body.entries).toHaveLength(2);
    const second = await get(`${AUDIT_PATH}?limit=2&cursor=${first.body.nextCursor}`).expect(200);
    const all = await auditLog();
    expect([...first.body.entries, ...second.body.entries].map((e: AuditEntry) => e._id)).toEqual(
      all.slice(0, 4).map((e) => e._id),
    );
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const res = await request(t.http)[method](AUDIT_PATH).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await auditLog()).toHaveLength(all.length);
  });
});
