/**
 * @jest-environment node
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

import { auditPage } from './audit.server';
import { login, verifyMfa } from './auth.server';
import { UNAVAILABLE_MESSAGE } from './http.server';
import { actOnLeads, createLead, inboxOverview, listLeads } from './leads.server';
import { mfaStatus, renewRecoveryCodes } from './mfa.server';
import { erasePrivacy, privacyLeads } from './privacy.server';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

// A real HTTP server stands in for the API: the wrappers are tested on the wire, as they run.
describe('API fetch wrappers', () => {
  let server: Server;
  let handler: Handler;
  const seen: {
    method?: string;
    url?: string;
    headers: IncomingMessage['headers'];
    body: string;
  }[] = [];

  const answer =
    (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
    (_req, _body, res) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        handler(req, body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  // The wrappers log what they could not use (for the server's log); keep the test output clean.
  let logged: jest.SpyInstance;
  beforeEach(() => {
    seen.length = 0;
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('returns the data of a success, sending the bearer token and query', async () => {
    handler = answer(200, { success: true, data: [], nextCursor: null, total: 0 });
    const outcome = await listLeads('keDemo', 'archived', 'tok', { q: 'a b', limit: 5 });
    expect(outcome).toEqual({
      ok: true,
      data: { success: true, data: [], nextCursor: null, total: 0 },
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/ke-demo-request/ke-demo-requests/archived?limit=5&q=a+b',
      headers: expect.objectContaining({ authorization: 'Bearer tok' }),
    });
  });

  it('posts ids (with the panel’s search) and checks the move answer', async () => {
    const page = {
      unarchived: [],
      archived: [],
      unarchivedTotal: 0,
      archivedTotal: 0,
      unreadTotal: 0,
    };
    handler = answer(200, {
      success: true,
      ...page,
      unarchivedNextCursor: null,
      archivedNextCursor: null,
    });
    await expect(
      actOnLeads('consultation', 'archive', { ids: ['abc'], q: 'ann' }, 't'),
    ).resolves.toMatchObject({ ok: true });
    expect(seen[0]).toMatchObject({ url: '/consultation-request/consultation-requests/archive' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ ids: ['abc'], q: 'ann' });
    await actOnLeads('consultation', 'read', { ids: ['abc', 'def'], q: '' }, 't');
    expect(seen[1]).toMatchObject({ url: '/consultation-request/consultation-requests/read' });
    expect(JSON.parse(seen[1]!.body)).toEqual({ ids: ['abc', 'def'] });
  });

  it('passes on per-field messages of a 400', async () => {
    handler = answer(400, {
      success: false,
      message: 'Validation failed',
      errors: { email: ['email must be an email address'] },
    });
    await expect(
      createLead(
        'contactUs',
        { name: 'A', email: 'x', subject: 's', message: 'm' },
        { clientIp: '203.0.113.9' },
      ),
    ).resolves.toEqual({
      ok: false,
      status: 400,
      message: 'Validation failed',
      errors: { email: ['email must be an email address'] },
    });
    // The visitor's address travels to the API, which throttles per visitor.
    expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('reads Retry-After of a 429', async () => {
    handler = answer(
      429,
      { success: false, message: 'Too many requests' },
      { 'retry-after': '120' },
    );
    await expect(login({ email: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: false,
      status: 429,
      message: 'Too many requests',
      retryAfter: 120,
    });
  });

  it('treats a 2xx without success: true, or a body that is not JSON, as unavailable', async () => {
    handler = answer(200, { success: false, token: 'x' });
    await expect(login({ email: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: false,
      status: 503,
      message: UNAVAILABLE_MESSAGE,
    });
    handler = answer(502, '<html>Bad gateway</html>');
    await expect(listLeads('contactUs', 'active', 't')).resolves.toEqual({
      ok: false,
      status: 503,
      message: UNAVAILABLE_MESSAGE,
    });
    handler = answer(200, { success: true, data: 'not a list', total: 1, nextCursor: null });
    await expect(listLeads('contactUs', 'active', 't')).resolves.toMatchObject({
      ok: false,
      status: 503,
    });
  });

  it('takes the code step’s challenge as a login answer, and sends the code with it', async () => {
    const challenge = { success: false, mfaRequired: true, mfaToken: 'abc', methods: ['totp'] };
    handler = answer(200, challenge);
    await expect(login({ email: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: true,
      data: challenge,
    });
    handler = answer(200, { success: true, token: 'a.b.c' });
    const origin = { clientIp: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' };
    await expect(verifyMfa({ mfaToken: 'abc', code: '123456' }, origin)).resolves.toEqual({
      ok: true,
      data: { success: true, token: 'a.b.c' },
    });
    expect(seen[1]).toMatchObject({
      method: 'POST',
      url: '/auth/mfa/verify',
      // The browser's address and user agent: the API's sessions list shows them.
      headers: expect.objectContaining({
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)',
      }),
    });
    expect(JSON.parse(seen[1]!.body)).toEqual({ mfaToken: 'abc', code: '123456' });
    // A user agent that is no header value is not passed on.
    await verifyMfa({ mfaToken: 'abc', code: '1' }, { userAgent: 'x\u0000y' });
    expect(seen[2]!.headers['user-agent']).not.toContain('x');
  });

  it('checks the second factor’s status and recovery codes', async () => {
    handler = answer(200, { success: true, totp: true, passkeys: 0, recoveryCodesLeft: 2 });
    await expect(mfaStatus('tok')).resolves.toMatchObject({ ok: true });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/auth/mfa' });
    handler = answer(200, { success: true, totp: 'yes', passkeys: 0, recoveryCodesLeft: 2 });
    await expect(mfaStatus('tok')).resolves.toMatchObject({ ok: false, status: 503 });
    handler = answer(200, { success: true, recoveryCodes: ['A', 2] });
    await expect(renewRecoveryCodes('tok')).resolves.toMatchObject({ ok: false, status: 503 });
  });

  it('reads the inbox overview only when it has every kind', async () => {
    const kind = {
      totals: { active: 0, archived: 0 },
      active: { data: [], nextCursor: null, total: 0 },
    };
    const kinds = { contactUs: kind, keDemo: kind, brokerDemo: kind, consultation: kind };
    handler = answer(200, { success: true, kinds });
    await expect(inboxOverview('tok')).resolves.toEqual({
      ok: true,
      data: { success: true, kinds },
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/inbox' });
    handler = answer(200, { success: true, kinds: { contactUs: kind } });
    await expect(inboxOverview('tok')).resolves.toMatchObject({ ok: false, status: 503 });
    handler = answer(401, { success: false, message: 'Invalid or expired token' });
    await expect(inboxOverview('tok')).resolves.toMatchObject({ ok: false, status: 401 });
  });

  it('looks up and erases a person’s requests, checking every kind is in the answer', async () => {
    const kinds = { contactUs: [], keDemo: [], brokerDemo: [], consultation: [] };
    handler = answer(200, { success: true, kinds, total: 0 });
    await expect(privacyLeads('a b@example.com', 'tok', '203.0.113.9')).resolves.toEqual({
      ok: true,
      data: { success: true, kinds, total: 0 },
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/privacy/leads?email=a+b%40example.com',
      headers: expect.objectContaining({
        authorization: 'Bearer tok',
        // The audit log records the admin's own address, not the web server's.
        'x-forwarded-for': '203.0.113.9',
      }),
    });
    handler = answer(200, { success: true, kinds: { contactUs: [] }, total: 0 });
    await expect(privacyLeads('a@example.com', 'tok')).resolves.toMatchObject({ status: 503 });

    const erased = { contactUs: 1, keDemo: 0, brokerDemo: 2, consultation: 0 };
    handler = answer(200, { success: true, erased, total: 3 });
    await expect(erasePrivacy('a@example.com', 'tok')).resolves.toMatchObject({
      ok: true,
      data: { erased, total: 3 },
    });
    expect(seen[2]).toMatchObject({ method: 'POST', url: '/privacy/erase' });
    expect(JSON.parse(seen[2]!.body)).toEqual({ email: 'a@example.com' });
    handler = answer(200, { success: true, erased: { ...erased, keDemo: '0' }, total: 3 });
    await expect(erasePrivacy('a@example.com', 'tok')).resolves.toMatchObject({ status: 503 });
  });

  it('reads a page of the audit log by cursor', async () => {
    handler = answer(200, { success: true, entries: [], nextCursor: null });
    await expect(auditPage('tok', { limit: 50, cursor: 'abc' })).resolves.toEqual({
      ok: true,
      data: { success: true, entries: [], nextCursor: null },
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/audit-log?limit=50&cursor=abc' });
    handler = answer(400, { success: false, message: 'Invalid cursor' });
    await expect(auditPage('tok', { cursor: 'x' })).resolves.toEqual({
      ok: false,
      status: 400,
      message: 'Invalid cursor',
    });
  });

  it('answers 503 when the API cannot be reached at all', async () => {
    await new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await expect(listLeads('contactUs', 'active', 't')).resolves.toEqual({
      ok: false,
      status: 503,
      message: UNAVAILABLE_MESSAGE,
    });
    expect(logged).toHaveBeenCalled();
    server.listen(0);
  });
});
