import { loginDelayMs } from '../../nest/src/auth/login-throttle.service';
import { AUTH_PATHS } from '../../nest/src/contract';
import { createAdmin, createTestApp, request, type TestApp } from '../support/test-app';

/** The defaults (nest/src/config/env.schema.ts), which these tests hold the product to. */
const LOGIN_LIMITS = { perAddressAndAccount: 5, perAddress: 20 };
const MAX_DELAY_MS = 4_000;
const delay = (failures: number) => loginDelayMs(failures, MAX_DELAY_MS);

describe('login throttling', () => {
  let t: TestApp;
  const owner = { email: 'target@example.com', password: 'the real password!' };

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t, owner.email, owner.password);
  });
  afterAll(() => t.close());

  const attempt = (body: object, ip: string) =>
    request(t.http).post(AUTH_PATHS.login).set('X-Forwarded-For', ip).send(body);
  const timed = async (body: object, ip: string, status: number) => {
    const started = performance.now();
    await attempt(body, ip).expect(status);
    return performance.now() - started;
  };

  it('locks an address out of an account it guesses, while the owner signs in from elsewhere', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount; i++)
      await attempt({ email: owner.email, password: `guess ${i}` }, '192.0.2.1').expect(401);

    const locked = await attempt(owner, '192.0.2.1').expect(429);
    expect(locked.body).toEqual(
      expect.objectContaining({
        success: false,
        message: expect.stringMatching(/Try again in \d+ seconds/),
      }),
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // The owner, at another address, is slowed by the guesses but not kept out.
    await attempt(owner, '192.0.2.99').expect(200);
    // The attacker's pair stays locked after the owner's success.
    await attempt({ email: owner.email, password: 'guess 6' }, '192.0.2.1').expect(429);
  });

  it('slows guessing of one account from many addresses, more with each failure', async () => {
    const account = { email: 'spread@example.com', password: 'spread admin password' };
    await createAdmin(t, account.email, account.password);
    const first = await timed({ ...account, password: 'guess' }, '198.51.100.1', 401);
    for (let i = 2; i <= 4; i++)
      await attempt({ ...account, password: `guess ${i}` }, `198.51.100.${i}`).expect(401);
    // Four failures so far, each from its own address: none is locked, every answer waits.
    const fifth = await timed({ ...account, password: 'guess 5' }, '198.51.100.5', 401);
    expect(fifth).toBeGreaterThanOrEqual(delay(4) - 50);
    expect(fifth - first).toBeGreaterThanOrEqual(delay(4) - 200);
    // The right password still works, after the same wait, and ends the slowdown.
    await attempt(account, '198.51.100.6').expect(200);
    const after = await timed({ ...account, password: 'one more' }, '198.51.100.7', 401);
    expect(after).toBeLessThan(MAX_DELAY_MS);
  });

  it('locks an address that tries many emails, without locking other addresses', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await attempt({ email: `user${i}@example.com`, password: 'guess' }, '198.51.100.77').expect(
        401,
      );
    }
    const locked = await attempt(
      { email: 'fresh@example.com', password: 'guess' },
      '198.51.100.77',
    ).expect(429);
    expect(locked.headers['retry-after']).toBeDefined();
    await attempt({ email: 'fresh@example.com', password: 'guess' }, '198.51.100.78').expect(401);
  });

  it('does not count successful sign-ins', async () => {
    await createAdmin(t, 'busy@example.com', 'busy admin password');
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount + 3; i++) {
      await attempt(
        { email: 'busy@example.com', password: 'busy admin password' },
        '203.0.113.9',
      ).expect(200);
    }
  });

  it('waits twice as long with each failure, up to its cap (none when the cap is 0)', () => {
    expect(loginDelayMs(5, 0)).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(delay)).toEqual([
      0, 250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });
});
