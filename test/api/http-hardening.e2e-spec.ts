import { BODY_LIMIT, MAX_BODY_KEYS, MAX_JSON_DEPTH } from '../../nest/src/common/json-body-parser';
import { AUTH_PATHS, leadKindList, leadPaths } from '../../nest/src/contract';
import { bodyBounds } from '../support/openapi-bounds';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

describe('HTTP hardening', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      CORS_ORIGINS: 'http://localhost:3000,https://marketplace.example.com',
    });
    await createAdmin(t);
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  it('answers unknown routes with a 404 JSON body', async () => {
    const res = await request(t.http)
      .get('/no/such/route')
      .expect(404)
      .expect('Content-Type', /json/);
    expect(res.body).toEqual(
      expect.objectContaining({ success: false, message: expect.any(String) }),
    );
    await request(t.http).get('/auth/nothing-here').expect(404);
  });

  it('answers a method a path does not take with 405 and Allow', async () => {
    const paths = leadPaths(leadKindList[0]!);
    const cases: [string, string, string][] = [
      ['delete', AUTH_PATHS.login, 'POST'],
      ['put', paths.create, 'GET, HEAD, POST'],
      ['patch', paths.one('6650b2f1c2a4e3b1f0a1b2c3'), 'GET, HEAD'],
      ['post', '/health', 'GET, HEAD'],
      // Taken by `GET …/:id` as an id, but the path is the archive call's.
      ['get', paths.archive, 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await request(t.http)
        [method as 'post'](path)
        .set('Authorization', `Bearer ${token}`);
      expect({ method, path, status: res.status, allow: res.headers.allow }).toEqual({
        method,
        path,
        status: 405,
        allow,
      });
      expect(res.body).toEqual({
        success: false,
        message: `${method.toUpperCase()} is not allowed here; use ${allow}`,
        requestId: expect.any(String),
      });
    }
  });

  it('answers malformed JSON with 400 and an oversized body with 413, without internals', async () => {
    const malformed = await request(t.http)
      .post(AUTH_PATHS.login)
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.c", "password": }')
      .expect(400);
    expect(malformed.body).toEqual({
      success: false,
      message: 'Malformed JSON body',
      requestId: expect.any(String),
    });
    const huge = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(BODY_LIMIT + 1) });
    const tooLarge = await request(t.http)
      .post(AUTH_PATHS.login)
      .set('Content-Type', 'application/json')
      .send(huge)
      .expect(413);
    expect(tooLarge.body.success).toBe(false);
    expect(JSON.stringify(tooLarge.body)).not.toMatch(/at .*\.js|node_modules|stack/i);
  });

  it('takes every body the document allows: within the parser’s limits of fields, depth and size', async () => {
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const components = doc.components.schemas as Record<string, Record<string, unknown>>;
    const bodies = Object.entries(
      doc.paths as Record<string, Record<string, { requestBody?: { content: object } }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => {
        // JSON bodies: the one other (the inbound webhook's raw message) never meets this parser.
        const json = (
          op.requestBody?.content as Record<string, { schema: Record<string, unknown> }> | undefined
        )?.['application/json'];
        return json ? [{ call: `${method} ${path}`, schema: json.schema }] : [];
      }),
    );
    expect(bodies.length).toBeGreaterThan(40);
    // Every call whose widest body passes a limit, with what it can hold (Infinity: left open).
    const over = bodies
      .map(({ call, schema }) => ({ call, ...bodyBounds(schema, components) }))
      .filter((b) => b.keys > MAX_BODY_KEYS || b.depth > MAX_JSON_DEPTH || b.bytes > BODY_LIMIT);
    expect(over).toEqual([]);
  });

  it('refuses deeply nested JSON with 400, at the top level or inside a field, on intake and login', async () => {
    const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const intake = leadPaths(leadKindList[0]!).create;
    const bodies = [
      arrays(2_000),
      objects(5_000),
      `{"email":"a@b.c","password":${arrays(2_000)}}`,
      `{"name":"n","email":"a@b.c","message":${objects(5_000)}}`,
    ];
    for (const path of [AUTH_PATHS.login, intake])
      for (const body of bodies) {
        const res = await request(t.http)
          .post(path)
          .set('Content-Type', 'application/json')
          .send(body)
          .expect(400);
        expect(res.body).toEqual({
          success: false,
          message: `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`,
          requestId: expect.any(String),
        });
      }
    // Ordinary bodies are untouched by the rule.
    await request(t.http)
      .post(AUTH_PATHS.login)
      .send({ email: 'nobody@example.com', password: 'not it' })
      .expect(401);
  });

  it('rejects query operators and bad paging input on list calls with 400', async () => {
    const path = leadPaths(leadKindList[0]!).active;
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1e2',
      'cursor=%7B%7D',
      'cursor=abc',
      'q[$gt]=',
      'q=a&q=b',
      'extra=1',
    ]) {
      const res = await request(t.http)
        .get(`${path}?${query}`)
        .set('Authorization', `Bearer ${token}`);
      expect({ query, status: res.status, success: res.body.success }).toEqual({
        query,
        status: 400,
        success: false,
      });
    }
  });

  it('says what is wrong with a limit', async () => {
    const path = leadPaths(leadKindList[0]!).active;
    const cases = {
      '-1': 'limit must be a whole number from 1 to 200',
      abc: 'limit must be a whole number from 1 to 200',
      '1.5': 'limit must be a whole number from 1 to 200',
      '': 'limit must be a whole number from 1 to 200',
      '0': 'limit must be at least 1',
      '201': 'limit must be at most 200',
    };
    for (const [limit, message] of Object.entries(cases)) {
      const res = await request(t.http)
        .get(`${path}?limit=${encodeURIComponent(limit)}`)
        .set('Authorization', `Bearer ${token}`);
      expect({ limit, status: res.status, errors: res.body.errors }).toEqual({
        limit,
        status: 400,
        errors: { limit: [message] },
      });
    }
  });

  it('sends security headers and a request id', async () => {
    const res = await request(t.http).get('/health').set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeDefined();
    const generated = await request(t.http)
      .get('/health')
      .set('X-Request-Id', 'bad id with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps answers out of caches and agrees with itself on framing', async () => {
    const paths = leadPaths(leadKindList[0]!);
    const list = await request(t.http)
      .get(paths.active)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const login = await request(t.http)
      .post(AUTH_PATHS.login)
      .send({ email: 'x@example.com', password: 'y' });
    for (const res of [list, login]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('allows CORS only from the configured origins', async () => {
    const allowed = await request(t.http)
      .options(AUTH_PATHS.login)
      .set('Origin', 'https://marketplace.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://marketplace.example.com');
    const refused = await request(t.http)
      .options(AUTH_PATHS.login)
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'POST');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports the database as up', async () => {
    await request(t.http)
      .get('/health')
      .expect(200, { success: true, database: 'up', storage: 'ok' });
  });

  it('documents every call of the contract in the OpenAPI document, with the bearer scheme', async () => {
    const res = await request(t.http).get('/docs-json').expect(200);
    const doc = res.body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: object };
    };
    const expected: [string, string][] = [
      ['post', AUTH_PATHS.login],
      ['post', AUTH_PATHS.checkToken],
      ...leadKindList.flatMap((kind) => {
        const p = leadPaths(kind);
        return [
          ['get', p.active],
          ['get', p.archived],
          ['post', p.archive],
          ['post', p.unarchive],
        ] as [string, string][];
      }),
    ];
    expect(expected).toHaveLength(18);
    for (const [method, path] of expected) {
      expect({ method, path, documented: Boolean(doc.paths[path]?.[method]) }).toEqual({
        method,
        path,
        documented: true,
      });
    }
    expect(doc.paths[leadPaths(leadKindList[0]!).active]?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
    await request(t.http).get('/docs').redirects(1).expect(200).expect('Content-Type', /html/);
  });
});
