import { AUTH_PATHS, TIME_ZONE_PATH } from '../../nest/src/contract';
import { as, auditLog } from '../support/account';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

const MESSAGE = 'timeZone must be an IANA time zone from the list (such as Europe/Berlin), or null';

describe("an admin's time zone", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t, 'zone@example.com', 'a long and good password');
    token = await loginToken(t, 'zone@example.com', 'a long and good password');
  });
  afterAll(() => t.close());

  const checked = async () =>
    (await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200)).body;

  const meZone = async () =>
    (await as(t, token).get(AUTH_PATHS.me).expect(200)).body.timeZone as unknown;

  it('follows the browser until one is chosen: check-token names none, /auth/me null', async () => {
    expect(await checked()).toEqual({ success: true });
    expect(await meZone()).toBeNull();
  });

  it('keeps the chosen zone, tells it with the session, and audits the change', async () => {
    const res = await as(t, token)
      .post(TIME_ZONE_PATH, { timeZone: 'America/New_York' })
      .expect(200);
    expect(res.body).toEqual({ success: true, timeZone: 'America/New_York' });
    expect(await checked()).toEqual({ success: true, timeZone: 'America/New_York' });
    expect(await meZone()).toBe('America/New_York');
    const [entry] = await auditLog(t, token);
    expect(entry).toMatchObject({
      action: 'time-zone-changed',
      admin: { email: 'zone@example.com' },
      detail: { timeZone: 'America/New_York' },
    });
  });

  it('goes back to the browser zone with null', async () => {
    await as(t, token).post(TIME_ZONE_PATH, { timeZone: null }).expect(200);
    expect(await checked()).toEqual({ success: true });
    expect(await meZone()).toBeNull();
    const [entry] = await auditLog(t, token);
    expect(entry).toMatchObject({ action: 'time-zone-changed', detail: { followsBrowser: true } });
  });

  it.each([
    ['no timeZone', {}],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }],
    ['an offset instead of a zone', { timeZone: '+05:00' }],
    ['a zone in the wrong case', { timeZone: 'europe/berlin' }],
    ['a number', { timeZone: 1 }],
    ['an object', { timeZone: { $ne: null } }],
    ['a very long name', { timeZone: `Europe/${'x'.repeat(5000)}` }],
  ])('refuses %s with 400 on the field, changing and auditing nothing', async (_, body) => {
    await as(t, token).post(TIME_ZONE_PATH, { timeZone: 'Europe/Berlin' }).expect(200);
    const before = (await auditLog(t, token)).length;
    const res = await as(t, token).post(TIME_ZONE_PATH, body).expect(400);
    expect(res.body).toMatchObject({ errors: { timeZone: [MESSAGE] } });
    expect(await checked()).toEqual({ success: true, timeZone: 'Europe/Berlin' });
    expect(await auditLog(t, token)).toHaveLength(before);
  });

  it('refuses an unknown field beside it', async () => {
    const res = await as(t, token)
      .post(TIME_ZONE_PATH, { timeZone: 'UTC', admin: 'someone-else' })
      .expect(400);
    expect(res.body.errors).toHaveProperty('admin');
  });

  it('answers 401 without a session', async () => {
    await request(t.http).post(TIME_ZONE_PATH).send({ timeZone: 'UTC' }).expect(401);
  });
});
