import { AdminService } from '../../nest/src/auth/admin.service';
import { ADMINS_PATH, AUTH_PATHS } from '../../nest/src/contract';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';
import { adminIdOf, forgedTokens, handSignedToken } from '../support/tokens';

describe('auth', () => {
  let t: TestApp;
  const admin = { email: 'boss@example.com', password: 'a long and good password' };

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t, admin.email, admin.password);
  });
  afterAll(() => t.close());

  describe('POST /auth/login', () => {
    it('answers 200 with a token for the right credentials', async () => {
      const res = await request(t.http).post(AUTH_PATHS.login).send(admin).expect(200);
      expect(res.body).toEqual({
        success: true,
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      });
      const header = JSON.parse(Buffer.from(res.body.token.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('HS256');
      const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
      expect(claims).toEqual(
        expect.objectContaining({
          sub: expect.stringMatching(/^[0-9a-f]{24}$/),
          iat: expect.any(Number),
          exp: expect.any(Number),
          jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
          iss: 'boat-market-data-api',
          aud: 'boat-market-data-admin',
        }),
      );
      expect(claims.exp - claims.iat).toBe(8 * 3600);
    });

    it('treats the email case-insensitively', async () => {
      await request(t.http)
        .post(AUTH_PATHS.login)
        .send({ email: 'BOSS@Example.com', password: admin.password })
        .expect(200);
    });

    it('answers a wrong password and an unknown email identically', async () => {
      const wrongPassword = await request(t.http)
        .post(AUTH_PATHS.login)
        .set('X-Forwarded-For', '10.0.0.1')
        .send({ email: admin.email, password: 'not the password' })
        .expect(401);
      const unknownEmail = await request(t.http)
        .post(AUTH_PATHS.login)
        .set('X-Forwarded-For', '10.0.0.2')
        .send({ email: 'nobody@example.com', password: 'not the password' })
        .expect(401);
      const strip = ({ requestId: _id, ...rest }: Record<string, unknown>) => rest;
      expect(strip(wrongPassword.body)).toEqual({
        success: false,
        message: 'Invalid email or password',
      });
      expect(strip(unknownEmail.body)).toEqual(strip(wrongPassword.body));
    });

    it('takes about the same time for an unknown email as for a wrong password', async () => {
      const time = async (email: string, ip: string) => {
        const started = process.hrtime.bigint();
        await request(t.http)
          .post(AUTH_PATHS.login)
          .set('X-Forwarded-For', ip)
          .send({ email, password: 'not the password' })
          .expect(401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const median = (xs: number[]) =>
        xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
      await createAdmin(t, 'timing@example.com', 'timing admin password');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        known.push(await time('timing@example.com', `10.1.0.${i}`));
        // The same unknown email each time: failures slow any email alike, known or not.
        unknown.push(await time('ghost@example.com', `10.2.0.${i}`));
      }
      // Both paths run one argon2 verification; without it the unknown email would answer ~100x faster.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.33);
      expect(median(unknown) / median(known)).toBeLessThan(3);
    });

    it.each([
      ['missing password', { email: 'boss@example.com' }, 'password'],
      ['missing email', { password: 'x' }, 'email'],
      ['email not an address', { email: 'boss', password: 'x' }, 'email'],
      ['operator object as email', { email: { $gt: '' }, password: 'x' }, 'email'],
      [
        'operator object as password',
        { email: 'boss@example.com', password: { $ne: null } },
        'password',
      ],
      ['number as password', { email: 'boss@example.com', password: 12345678 }, 'password'],
      ['array as email', { email: ['boss@example.com'], password: 'x' }, 'email'],
      ['unknown field', { email: 'boss@example.com', password: 'x', role: 'admin' }, 'role'],
      ['NUL in password', { email: 'boss@example.com', password: 'a\u0000b' }, 'password'],
      ['overlong password', { email: 'boss@example.com', password: 'x'.repeat(257) }, 'password'],
    ])('answers 400 for %s', async (_name, body, field) => {
      const res = await request(t.http).post(AUTH_PATHS.login).send(body).expect(400);
      expect(res.body).toEqual(
        expect.objectContaining({
          success: false,
          message: expect.any(String),
          errors: expect.objectContaining({ [field]: expect.any(Array) }),
        }),
      );
    });

    it('answers 400 for malformed JSON and for a JSON array', async () => {
      await request(t.http)
        .post(AUTH_PATHS.login)
        .set('Content-Type', 'application/json')
        .send('{"email": ')
        .expect(400);
      const res = await request(t.http).post(AUTH_PATHS.login).send([admin]).expect(400);
      expect(res.body.success).toBe(false);
    });
  });

  describe('POST /auth/check-token', () => {
    it('says true for a valid token', async () => {
      const token = await loginToken(t, admin.email, admin.password);
      const res = await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200);
      expect(res.body).toEqual({ success: true });
    });

    it('says false for forged, expired and foreign tokens', async () => {
      const token = await loginToken(t, admin.email, admin.password);
      for (const [name, forged] of Object.entries(forgedTokens(token, adminIdOf(token)))) {
        const res = await request(t.http).post(AUTH_PATHS.checkToken).send({ token: forged });
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 200,
          body: { success: false },
        });
      }
    });

    it('says false once the admin is gone or has changed password', async () => {
      await createAdmin(t, 'temp@example.com', 'temporary password 1');
      const token = await loginToken(t, 'temp@example.com', 'temporary password 1');
      // iat has second precision: a reset in the same second keeps the token; wait out the second.
      await new Promise((r) => setTimeout(r, 1100));
      await t.app.get(AdminService).setPassword('temp@example.com', 'temporary password 2');
      await request(t.http)
        .post(AUTH_PATHS.checkToken)
        .send({ token })
        .expect(200, { success: false });

      const fresh = await loginToken(t, 'temp@example.com', 'temporary password 2');
      await request(t.http)
        .post(AUTH_PATHS.checkToken)
        .send({ token: fresh })
        .expect(200, { success: true });
      await t.connection.collection('admins').deleteOne({ email: 'temp@example.com' });
      await request(t.http)
        .post(AUTH_PATHS.checkToken)
        .send({ token: fresh })
        .expect(200, { success: false });
    });

    describe('requires every claim we issue', () => {
      const claimsOf = async (email: string) => {
        const stored = await t.connection.collection('admins').findOne({ email });
        return { sub: String(stored?._id), sv: Number(stored?.sessionVersion) };
      };

      it('accepts a hand-signed token with all of them and a session on record (the control)', async () => {
        const claims = await claimsOf(admin.email);
        const token = handSignedToken(claims);
        // Without its server-side record the token opens nothing (test/api/sessions.e2e-spec.ts).
        await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200, {
          success: false,
        });
        const { jti, exp } = JSON.parse(
          Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
        ) as { jti: string; exp: number };
        const now = new Date();
        await t.connection
          .collection<{ _id: string } & Record<string, unknown>>('admin_sessions')
          .insertOne({
            _id: jti,
            adminId: claims.sub,
            sv: claims.sv,
            createdAt: now,
            lastSeenAt: now,
            verifiedAt: now,
            ip: null,
            userAgent: null,
            expiresAt: new Date(exp * 1000),
          });
        await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200, {
          success: true,
        });
      });

      it.each(['exp', 'iat', 'sub', 'jti'] as const)(
        'refuses a token without %s, at check-token and at a private call',
        async (claim) => {
          const token = handSignedToken(await claimsOf(admin.email), claim);
          await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200, {
            success: false,
          });
          const res = await request(t.http)
            .get(ADMINS_PATH)
            .set('Authorization', `Bearer ${token}`)
            .expect(401);
          expect(res.body).toMatchObject({ success: false, message: 'Invalid or expired token' });
        },
      );

      it('refuses a token of an older session version (signed out everywhere)', async () => {
        const claims = await claimsOf(admin.email);
        const token = handSignedToken({ ...claims, sv: claims.sv - 1 });
        await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200, {
          success: false,
        });
      });
    });

    it.each([
      ['no token', {}],
      ['empty token', { token: '' }],
      ['object token', { token: { $ne: null } }],
      ['number token', { token: 42 }],
      ['extra field', { token: 'a.b.c', admin: true }],
    ])('answers 400 for %s', async (_name, body) => {
      const res = await request(t.http).post(AUTH_PATHS.checkToken).send(body).expect(400);
      expect(res.body.success).toBe(false);
    });
  });
});
