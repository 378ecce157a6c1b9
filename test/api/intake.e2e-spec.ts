import { FIELD_LIMITS, LEAD_KINDS, leadKindList, leadPaths } from '../../nest/src/contract';
import { validSubmission } from '../support/submissions';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

describe('lead intake', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ INTAKE_RATE_LIMIT: '1000' });
    await createAdmin(t);
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  describe.each(leadKindList.map((k) => [k.panelTitle, k] as const))('%s', (_title, kind) => {
    const paths = leadPaths(kind);

    it('stores a valid submission without a token and answers 201 with its id', async () => {
      const submission: Record<string, string> = {
        ...validSubmission(kind),
        name: '  Grace Hopper  ',
      };
      const res = await request(t.http).post(paths.create).send(submission).expect(201);
      expect(res.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      const list = await request(t.http)
        .get(paths.active)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const stored = list.body.data.find((l: { _id: string }) => l._id === res.body.id);
      expect(stored).toEqual(
        expect.objectContaining({
          ...submission,
          name: 'Grace Hopper',
          phone_number: submission.phone_number ?? '',
          archivedAt: null,
        }),
      );
    });

    it.each<[string, Record<string, unknown>]>([
      ['name', { name: undefined }],
      ['name', { name: '   ' }],
      ['name', { name: 'x'.repeat(121) }],
      ['name', { name: { $gt: '' } }],
      ['email', { email: 'not-an-email' }],
      ['email', { email: undefined }],
      [kind.textField, { [kind.textField]: '' }],
      [kind.textField, { [kind.textField]: 'a\u0000b' }],
      ['phone_number', { phone_number: 'call me maybe' }],
      ['archivedAt', { archivedAt: '2024-01-01' }],
      ['_id', { _id: '0123456789abcdef01234567' }],
      ...(kind.phoneRequired
        ? [['phone_number', { phone_number: undefined }] as [string, Record<string, unknown>]]
        : []),
      ...(kind.hasSubject
        ? [['subject', { subject: ' ' }] as [string, Record<string, unknown>]]
        : []),
    ])('answers 400 naming %s', async (field, change) => {
      const body = { ...validSubmission(kind), ...change };
      const res = await request(t.http).post(paths.create).send(body).expect(400);
      expect(res.body).toEqual(
        expect.objectContaining({
          success: false,
          message: expect.stringContaining(field),
          errors: expect.objectContaining({ [field]: [expect.any(String)] }),
        }),
      );
    });

    it('answers a filled honeypot like a success and holds it as spam', async () => {
      const res = await request(t.http)
        .post(paths.create)
        .send({ ...validSubmission(kind), website: 'http://spam.example' })
        .expect(201);
      expect(res.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      const held = await request(t.http)
        .get(paths.one(res.body.id))
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(held.body.lead).toMatchObject({ spamReasons: expect.arrayContaining(['honeypot']) });
    });
  });

  it('lists every field error at once', async () => {
    const res = await request(t.http)
      .post(leadPaths(LEAD_KINDS.keDemo).create)
      .send({})
      .expect(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'company',
      'email',
      'name',
      'phone_number',
    ]);
  });
});

describe('intake throttling', () => {
  const path = leadPaths(LEAD_KINDS.contactUs).create;
  const body = validSubmission(LEAD_KINDS.contactUs);

  it('limits each visitor behind the web server separately', async () => {
    const t = await createTestApp({ INTAKE_RATE_LIMIT: '3', INTAKE_RATE_TTL: '60' });
    try {
      for (let i = 0; i < 3; i++) {
        await request(t.http)
          .post(path)
          .set('X-Forwarded-For', '203.0.113.10')
          .send(body)
          .expect(201);
      }
      const limited = await request(t.http)
        .post(path)
        .set('X-Forwarded-For', '203.0.113.10')
        .send(body)
        .expect(429);
      expect(limited.body).toEqual(
        expect.objectContaining({ success: false, message: expect.stringMatching(/Too many/) }),
      );
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another visitor of the same web server has a bucket of its own, across kinds too.
      await request(t.http)
        .post(path)
        .set('X-Forwarded-For', '203.0.113.11')
        .send(body)
        .expect(201);
      await request(t.http)
        .post(leadPaths(LEAD_KINDS.consultation).create)
        .set('X-Forwarded-For', '203.0.113.10')
        .send(validSubmission(LEAD_KINDS.consultation))
        .expect(429);
      expect(await t.connection.collection(LEAD_KINDS.contactUs.collection).countDocuments()).toBe(
        4,
      );
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    // Only 10.9.9.9 (say, the web server) may forward addresses; this test client is 127.0.0.1.
    const t = await createTestApp({ INTAKE_RATE_LIMIT: '3', TRUST_PROXY: '10.9.9.9' });
    try {
      for (let i = 0; i < 3; i++) {
        await request(t.http)
          .post(path)
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .send(body)
          .expect(201);
      }
      await request(t.http)
        .post(path)
        .set('X-Forwarded-For', '198.51.100.99')
        .send(body)
        .expect(429);
    } finally {
      await t.close();
    }
  });

  it('lets the marketplace origin post from a browser and refuses other origins', async () => {
    const t = await createTestApp({
      CORS_ORIGINS: 'http://localhost:3000,https://marketplace.example.com',
    });
    try {
      const preflight = (origin: string) =>
        request(t.http)
          .options(leadPaths(LEAD_KINDS.brokerDemo).create)
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'content-type');
      const allowed = await preflight('https://marketplace.example.com').expect(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(
        'https://marketplace.example.com',
      );
      expect(allowed.headers['access-control-allow-methods']).toContain('POST');
      const refused = await preflight('https://elsewhere.example.org');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      const post = await request(t.http)
        .post(leadPaths(LEAD_KINDS.brokerDemo).create)
        .set('Origin', 'https://marketplace.example.com')
        .send(validSubmission(LEAD_KINDS.brokerDemo))
        .expect(201);
      expect(post.headers['access-control-allow-origin']).toBe('https://marketplace.example.com');
    } finally {
      await t.close();
    }
  });
});

describe('text as people write it: one length rule, nothing altered', () => {
  let t: TestApp;
  let token: string;
  const kind = LEAD_KINDS.contactUs;
  const paths = leadPaths(kind);
  // Astral characters: two UTF-16 units each, one character each.
  const emoji = (n: number) => '🛥'.repeat(n);

  beforeAll(async () => {
    t = await createTestApp({ INTAKE_RATE_LIMIT: '1000' });
    await createAdmin(t);
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  const stored = async (id: string) =>
    (await request(t.http).get(paths.one(id)).set('Authorization', `Bearer ${token}`).expect(200))
      .body;

  it.each([
    ['name', FIELD_LIMITS.name],
    ['subject', FIELD_LIMITS.subject],
    ['message', FIELD_LIMITS.message],
  ])(
    'takes %s at its limit in emoji and stores it exactly, refusing one more',
    async (field, limit) => {
      const atLimit = { ...validSubmission(kind), [field]: emoji(limit) };
      const res = await request(t.http).post(paths.create).send(atLimit).expect(201);
      expect((await stored(res.body.id as string)).lead[field]).toBe(emoji(limit));

      const over = await request(t.http)
        .post(paths.create)
        .send({ ...validSubmission(kind), [field]: emoji(limit + 1) })
        .expect(400);
      expect(over.body.errors).toEqual({
        [field]: [`${field} must be at most ${limit} characters`],
      });
    },
  );

  it.each(['website', 'phone_number'])(
    'refuses null for the optional %s (a string or absent)',
    async (field) => {
      await request(t.http)
        .post(paths.create)
        .send({ ...validSubmission(kind), [field]: null })
        .expect(400);
    },
  );

  it.each([
    ['email', 'ada\ud800@example.com'],
    ['message', 'A boat \ud83d'],
    ['name', '\udc00Ada'],
  ])('refuses a lone surrogate in %s with 400 and stores nothing', async (field, value) => {
    const before = await t.connection.collection(kind.collection).countDocuments();
    const res = await request(t.http)
      .post(paths.create)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...validSubmission(kind), [field]: value }))
      .expect(400);
    // The email rule may speak first for an email; either way the text is refused, not altered.
    expect(res.body.errors[field]).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${field} (contains a lone surrogate \\(not Unicode text\\): it cannot be stored as sent|must be an email address)$`,
        ),
      ),
    ]);
    expect(await t.connection.collection(kind.collection).countDocuments()).toBe(before);
  });
});
