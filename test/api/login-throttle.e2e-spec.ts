import { LOGIN_LIMITS } from '../../nest/src/auth/login-throttle.service';
import { AUTH_PATHS } from '../../nest/src/contract';
import { createAdmin, createTestApp, request, type TestApp } from '../support/test-app';

describe('login throttling', () => {
  let t: TestApp;
  const admin = { email: 'target@example.com', password: 'the real password!' };

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  const attempt = (body: object, ip: string) =>
    request(t.http).post(AUTH_PATHS.login).set('X-Forwarded-For', ip).send(body);

  it('locks an email after repeated failures, even from many addresses and with the right password', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++) {
      await attempt({ email: admin.email, password: `guess ${i}` }, `192.0.2.${i}`).expect(401);
    }
    const locked = await attempt(admin, '192.0.2.200').expect(429);
    expect(locked.body).toEqual(
      expect.objectContaining({
        success: false,
        message: expect.stringMatching(/Try again in \d+ seconds/),
      }),
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('locks an address that tries many emails, without locking other addresses', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await attempt({ email: `user${i}@example.com`, password: 'guess' }, '198.51.100.7').expect(
        401,
      );
    }
    const locked = await attempt(
      { email: 'fresh@example.com', password: 'guess' },
      '198.51.100.7',
    ).expect(429);
    expect(locked.headers['retry-after']).toBeDefined();
    await attempt({ email: 'fresh@example.com', password: 'guess' }, '198.51.100.8').expect(401);
  });

  it('does not count successful sign-ins', async () => {
    await createAdmin(t, 'busy@example.com', 'busy admin password');
    for (let i = 0; i < LOGIN_LIMITS.perEmail + 3; i++) {
      await attempt(
        { email: 'busy@example.com', password: 'busy admin password' },
        '203.0.113.9',
      ).expect(200);
    }
  });
});
