// The admin area under another spelling (issue 24): the router matches paths case-insensitively
// and decoded, so every other spelling is redirected to the one the no-store rule covers.
import { webUrl } from '../support/browser';

import { ADMIN_PATH } from './support/admin';
import { postSignIn } from './support/session-http';

const PAGES = [
  ADMIN_PATH,
  `${ADMIN_PATH}.data`,
  `${ADMIN_PATH}/export?kind=contactUs`,
  `${ADMIN_PATH}/privacy`,
  `${ADMIN_PATH}/activity`,
];
const SPELLINGS: [string, (path: string) => string][] = [
  ['upper case', (path) => path.replace(ADMIN_PATH, ADMIN_PATH.toUpperCase())],
  ['a capital first letter', (path) => path.replace(ADMIN_PATH, '/Super-secret-admin')],
  ['a percent-encoded letter', (path) => path.replace(ADMIN_PATH, '/%73uper-secret-admin')],
  ['a doubled slash', (path) => `/${path}`],
];

describe('admin pages under another spelling', () => {
  let cookie: string;
  const site = new URL(webUrl('/')).origin;
  const get = (path: string) =>
    fetch(`${site}${path}`, { redirect: 'manual', headers: { cookie } });
  beforeAll(async () => (cookie = (await postSignIn(site)).split(';')[0] as string));

  it.each(PAGES)('%s answers signed-in, with no-store', async (path) => {
    const res = await get(path);
    expect({ path, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
      path,
      status: 200,
      cache: 'no-store',
    });
    await res.body?.cancel();
  });

  it.each(SPELLINGS)('written with %s, redirects to the canonical path', async (_, spell) => {
    for (const path of PAGES) {
      const res = await get(spell(path));
      expect({
        path: spell(path),
        status: res.status,
        location: res.headers.get('location'),
        cache: res.headers.get('cache-control'),
      }).toEqual({ path: spell(path), status: 308, location: path, cache: 'no-store' });
      await res.body?.cancel();
    }
  });
});
