/**
 * @jest-environment node
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

import { CONTACT_ENDPOINT, CONTACT_FAILED_MESSAGE } from './contact-fields';
import { postContact } from './post-contact';

// A real HTTP server stands in for the web server's /contact route: the answers arrive on the wire.
describe('postContact', () => {
  let server: Server;
  let base: string;
  let reply: (res: ServerResponse) => void;
  const seen: { method?: string; url?: string; type?: string; body: string }[] = [];
  // The page posts to a path of its own origin; here that origin is the test server.
  const fetchHere: typeof fetch = (input, init) => fetch(`${base}${String(input)}`, init);

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (seen.length = 0));

  const json = (status: number, body: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const form = () => {
    const data = new FormData();
    data.set('name', 'Ada 🚤');
    data.set('email', 'ada@example.com');
    data.set('subject', 'Hi & bye');
    data.set('message', 'Hello\nthere');
    data.set('website', '');
    return data;
  };
  const unsent = {
    ok: false,
    fieldErrors: {},
    formError: CONTACT_FAILED_MESSAGE,
    values: {
      name: 'Ada 🚤',
      email: 'ada@example.com',
      subject: 'Hi & bye',
      message: 'Hello\nthere',
    },
  };

  it('posts the fields as a form to the endpoint and returns a success', async () => {
    reply = json(200, { ok: true });
    await expect(postContact(form(), fetchHere)).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: CONTACT_ENDPOINT });
    expect(seen[0]?.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({
      name: 'Ada 🚤',
      email: 'ada@example.com',
      subject: 'Hi & bye',
      message: 'Hello\nthere',
      website: '',
    });
  });

  it('returns a refusal as the server worded it', async () => {
    const refusal = {
      ok: false,
      fieldErrors: { email: 'email must be an email' },
      formError: 'Please check the highlighted fields.',
      values: unsent.values,
    };
    reply = json(400, refusal);
    await expect(postContact(form(), fetchHere)).resolves.toEqual(refusal);
  });

  it('keeps the text and says it was not sent when a proxy answers with an HTML page', async () => {
    reply = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    };
    await expect(postContact(form(), fetchHere)).resolves.toEqual(unsent);
  });

  it('does the same for JSON of the wrong shape', async () => {
    reply = json(200, { success: true });
    await expect(postContact(form(), fetchHere)).resolves.toEqual(unsent);
    reply = json(400, { ok: false, fieldErrors: 'nope', formError: 1 });
    await expect(postContact(form(), fetchHere)).resolves.toEqual(unsent);
  });

  it('does the same when the server cannot be reached', async () => {
    const closed: typeof fetch = (input, init) => fetch(`http://127.0.0.1:1${String(input)}`, init);
    await expect(postContact(form(), closed)).resolves.toEqual(unsent);
  });
});
