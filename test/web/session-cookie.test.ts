// The session cookie against what an attacker can send or plant (issue 24): a forged value is no
// session (no 5xx, nothing of it in the log), and over HTTPS a sibling site cannot shadow it.
import { ADMIN_PATH } from './support/admin';
import { type OwnWebServer, startOwnWebServer } from './support/own-web-server';
import { postSignIn, remixCookieValue } from './support/session-http';

const FORGED = [
  ['CR/LF', 'x\r\nFORGED level=error msg="admin deleted"'],
  ['NUL', 'a.b.c\u0000FORGED-NUL'],
  ['non-Latin-1 text', 'a.b.c FORGED-管理者-☃'],
] as const;

/** The admin's pages that read the session, in both of Remix's forms where a page has one. */
const SESSION_PATHS = [
  ADMIN_PATH,
  `${ADMIN_PATH}.data`,
  `${ADMIN_PATH}/export?kind=contactUs`,
  `${ADMIN_PATH}/activity`,
  `${ADMIN_PATH}/lead/contactUs/0123456789abcdef01234567`,
];

const signIn = (server: OwnWebServer) => postSignIn(server.url);

const get = (server: OwnWebServer, path: string, cookie: string) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers: { cookie } });

describe('a forged session cookie', () => {
  let server: OwnWebServer;
  beforeAll(async () => (server = await startOwnWebServer()));
  afterAll(() => server.stop());

  it.each(FORGED)(
    'holding %s is no session: the sign-in screen, no 5xx, nothing in the log',
    async (_, text) => {
      const value = remixCookieValue(text);
      for (const name of ['bmd_admin', '__Host-bmd_admin']) {
        for (const path of SESSION_PATHS) {
          const res = await get(server, path, `${name}=${value}`);
          const body = await res.text();
          expect({ path, name, status: res.status }).toEqual({
            path,
            name,
            status: path === ADMIN_PATH || path.endsWith('.data') ? 200 : 302,
          });
          if (res.status === 302)
            expect(res.headers.get('location')).toBe(`${ADMIN_PATH}?reason=expired`);
          if (path === ADMIN_PATH) expect(body).toContain('>Sign In<');
        }
      }
      expect(server.output()).not.toMatch(/FORGED|admin deleted|管理者/);
    },
  );
});

describe('the session cookie over HTTPS', () => {
  let server: OwnWebServer;
  // COOKIE_SECURE: the site is served over HTTPS (the default in production).
  beforeAll(async () => (server = await startOwnWebServer({ COOKIE_SECURE: 'true' })));
  afterAll(() => server.stop());

  it('is __Host-bmd_admin: Secure, Path=/, no Domain', async () => {
    const setCookie = await signIn(server);
    expect(setCookie).toMatch(/^__Host-bmd_admin=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('keeps the admin signed in when a sibling site planted bmd_admin with a longer path', async () => {
    const session = (await signIn(server)).split(';')[0] as string;
    // Browsers send the longer-path cookie first: the planted one leads the header.
    const planted = `bmd_admin=${remixCookieValue('planted')}`;
    for (const path of [`${ADMIN_PATH}/activity`, `${ADMIN_PATH}/export?kind=contactUs`]) {
      const res = await get(server, path, `${planted}; ${session}`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      await res.body?.cancel();
    }
  });
});

describe('the session cookie on plain-HTTP development', () => {
  let server: OwnWebServer;
  beforeAll(async () => (server = await startOwnWebServer({ COOKIE_SECURE: 'false' })));
  afterAll(() => server.stop());

  it('keeps the bare name without Secure, which browsers require of __Host-', async () => {
    expect(await signIn(server)).toMatch(/^bmd_admin=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
