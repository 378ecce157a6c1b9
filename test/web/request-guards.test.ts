// What the web server answers to posts a browser would not make, or makes from the wrong place.
import { MAX_FORM_BYTES } from '../../remix/server/request-guards';
import { adminCredentials, webUrl } from '../support/browser';

import { ADMIN_PATH } from './support/admin';
import { LeadsDb } from './support/leads-db';

const site = new URL(webUrl('/'));
const otherLocalName = `http://127.0.0.1:${site.port}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (
  path: string,
  init: { headers?: Record<string, string>; body?: string },
  base = site.origin,
) =>
  fetch(new URL(path, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    body: init.body ?? '',
  });

describe('form posts the web server refuses, and the ones it takes', () => {
  let db: LeadsDb;
  const tag = LeadsDb.tag();
  const contact = () =>
    form({
      name: `Guard ${tag}`,
      email: `${tag}@example.com`,
      subject: 'Hello',
      message: 'A message',
    });
  beforeAll(async () => (db = await LeadsDb.connect()));
  afterAll(async () => {
    await db.removeTagged(tag);
    await db.close();
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['another port of this host', `http://localhost:${Number(site.port) + 1}`],
    ['not a URL', 'javascript:alert(1)'],
  ])('refuses a post from %s with 403, before any action runs', async (_, origin) => {
    const res = await post('/?index', { headers: { origin }, body: contact() });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('Cross-site form posts are not accepted.');
    expect(await db.find('contactUs', tag)).toHaveLength(0);
  });

  it('takes the form from either loopback name of this server', async () => {
    const fromLocalhost = await post('/?index', {
      headers: { origin: site.origin },
      body: contact(),
    });
    expect(fromLocalhost.status).toBe(302);
    const crossName = await post(
      '/?index',
      { headers: { origin: site.origin }, body: contact() },
      otherLocalName,
    );
    expect(crossName.status).toBe(302);
    expect(crossName.headers.get('location')).toBe('/?sent=1#contact');
    expect(await db.find('contactUs', tag)).toHaveLength(2);
  });

  it('refuses a body that is not a form with 415', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const res = await post('/?index', {
        headers: { origin: site.origin, 'content-type': type },
        body: JSON.stringify({ name: 'x' }),
      });
      expect(res.status).toBe(415);
    }
  });

  it('refuses a 1 MB post with 413 without reading or echoing it', async () => {
    const marker = 'ECHO-ME-'.repeat(131_072); // 1 MiB
    const res = await post('/?index', {
      headers: { origin: site.origin },
      body: form({ name: 'x', message: marker }),
    });
    expect(res.status).toBe(413);
    const text = await res.text();
    expect(text).toBe(`A form post may be at most ${MAX_FORM_BYTES / 1024} KB.`);
    expect(text).not.toContain('ECHO-ME');
  });

  it('asks a post of unknown length to state it (411)', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(contact()));
        controller.close();
      },
    });
    const res = await fetch(new URL('/?index', site.origin), {
      method: 'POST',
      headers: { origin: site.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(411);
  });

  describe("POST /contact, where the landing page's script sends the form", () => {
    // A tag of its own: the posts above stored leads under the suite's tag.
    const tag = LeadsDb.tag();
    const contact = () =>
      form({ name: `Script ${tag}`, email: `${tag}@example.com`, subject: 'Hi', message: 'Text' });
    const sendContact = (body: string, headers: Record<string, string> = {}) =>
      post('/contact', { headers: { origin: site.origin, ...headers }, body });
    afterAll(() => db.removeTagged(tag));

    it('stores a complete form once and answers JSON', async () => {
      const res = await sendContact(contact());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      await expect(res.json()).resolves.toEqual({ ok: true });
      expect(await db.find('contactUs', tag)).toHaveLength(1);
    });

    it("answers empty fields with the spec's message for each, as JSON, storing nothing", async () => {
      const res = await sendContact(form({ name: ' ', email: '', subject: tag, message: '' }));
      expect(res.status).toBe(400);
      await expect(res.json()).resolves.toEqual({
        ok: false,
        fieldErrors: {
          name: '*required field',
          email: '*required field',
          message: '*required field',
        },
        formError: null,
        values: { name: ' ', email: '', subject: tag, message: '' },
      });
      expect(await db.find('contactUs', tag)).toHaveLength(1);
    });

    it("passes the API's refusal on per field", async () => {
      const res = await sendContact(
        form({ name: tag, email: 'not-an-email', subject: 'Hi', message: 'Text' }),
      );
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { fieldErrors: Record<string, string> };
      expect(Object.keys(answer.fieldErrors)).toEqual(['email']);
    });

    it('answers a broken multipart body with 400 JSON, not a failure of its own', async () => {
      const res = await sendContact('--x\r\nnot a part', {
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(res.status).toBe(400);
      await expect(res.json()).resolves.toMatchObject({ ok: false, formError: expect.any(String) });
    });

    it('refuses a post from another site like every form post (403)', async () => {
      const res = await sendContact(contact(), { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(await db.find('contactUs', tag)).toHaveLength(1);
    });

    it('sends someone who opens the address to the contact form', async () => {
      const res = await fetch(webUrl('/contact'), { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/?contact=1#contact');
    });
  });

  it('keeps the admin pages out of caches, and agrees on framing', async () => {
    const page = await fetch(webUrl(ADMIN_PATH));
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  const signedIn = async () => {
    const signIn = await post(ADMIN_PATH, {
      headers: { origin: site.origin },
      body: form({ intent: 'sign-in', ...adminCredentials() }),
    });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).not.toBe('');
    return cookie;
  };

  it.each([
    ['CR LF', `${ADMIN_PATH}?a=1\r\nSet-Cookie: evil=1`],
    ['U+2028', `${ADMIN_PATH}?a=1\u2028x`],
    ['another site', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/'],
  ])('sends a form back to a safe page whatever returnTo says (%s)', async (_, returnTo) => {
    const cookie = await signedIn();
    const res = await post(`${ADMIN_PATH}/leads`, {
      headers: { origin: site.origin, cookie },
      body: form({ action: 'archive', kind: 'contactUs', ids: 'nonsense', returnTo, js: '' }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie')).toBeNull();
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith(`${ADMIN_PATH}?`)).toBe(true);
    expect(location).not.toMatch(/[\r\n\u2028\u2029]|evil/);
  });

  it('answers an export whose search the API refuses with 400, not a failure of its own', async () => {
    const cookie = await signedIn();
    for (const q of ['a\u0000b', 'x'.repeat(201)]) {
      const res = await fetch(
        webUrl(`${ADMIN_PATH}/export?${new URLSearchParams({ kind: 'contactUs', q })}`),
        { headers: { cookie } },
      );
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toMatch(/q must/);
    }
  });

  it('sends an export as a file, kept out of caches once', async () => {
    const res = await fetch(webUrl(`${ADMIN_PATH}/export?kind=contactUs`), {
      headers: { cookie: await signedIn() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.arrayBuffer();
  });
});
