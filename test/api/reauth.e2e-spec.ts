import { ADMINS_PATH, AUTH_PATHS, REAUTH_REQUIRED } from '../../nest/src/contract';
import { as, auditLog, enrolTotp, makeStale } from '../support/account';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';
import { totpCodes, wrongTotp } from '../support/totp';

const PASSWORD = 'a long and good password';

describe('re-authentication before security changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
  });
  afterAll(() => t.close());

  const newAdmin = async (email: string) => {
    await createAdmin(t, email, PASSWORD);
    return loginToken(t, email, PASSWORD);
  };
  const idOf = async (email: string) =>
    String((await t.connection.collection('admins').findOne({ email }))?._id);

  it('lets a fresh sign-in make security changes', async () => {
    const token = await newAdmin('fresh@example.com');
    await as(t, token)
      .post(ADMINS_PATH, { email: 'added-fresh@example.com', password: 'an initial password' })
      .expect(201);
  });

  it('refuses every security change of a session whose factor is older than 5 minutes', async () => {
    const token = await newAdmin('stale@example.com');
    await createAdmin(t, 'to-remove@example.com', PASSWORD);
    await makeStale(t, token);
    const refusals = [
      as(t, token).post(ADMINS_PATH, { email: 'x@example.com', password: 'an initial password' }),
      as(t, token).delete(`${ADMINS_PATH}/${await idOf('to-remove@example.com')}`),
      as(t, token).post(AUTH_PATHS.changePassword, {
        currentPassword: PASSWORD,
        newPassword: 'a different good password',
      }),
      as(t, token).post(AUTH_PATHS.mfaRecoveryCodes),
    ];
    for (const refused of refusals) {
      const res = await refused.expect(403);
      expect(res.body).toMatchObject({
        success: false,
        reauthRequired: true,
        message: REAUTH_REQUIRED,
      });
    }
    // Everything else goes on.
    await as(t, token).get(ADMINS_PATH).expect(200);
    await as(t, token).get(AUTH_PATHS.sessions).expect(200);
  });

  it('POST /auth/reauth with the password (no second factor yet) makes the session fresh', async () => {
    const token = await newAdmin('reauth-password@example.com');
    await makeStale(t, token);
    const wrong = await as(t, token).post(AUTH_PATHS.reauth, { password: 'not it' }).expect(400);
    expect(wrong.body).toMatchObject({ success: false, errors: { password: expect.any(Array) } });
    await as(t, token).post(AUTH_PATHS.reauth, { password: PASSWORD }).expect(200, {
      success: true,
    });
    await as(t, token)
      .post(ADMINS_PATH, { email: 'added-after@example.com', password: 'an initial password' })
      .expect(201);
    expect((await auditLog(t, token)).find((e) => e.action === 'reauthenticated')).toMatchObject({
      admin: { email: 'reauth-password@example.com' },
    });
  });

  it('asks for the password and a code once the admin has a second factor', async () => {
    const email = 'reauth-totp@example.com';
    const token = await newAdmin(email);
    const { secret, recoveryCodes } = await enrolTotp(t, token, PASSWORD);
    await makeStale(t, token);
    const missing = await as(t, token).post(AUTH_PATHS.reauth, { password: PASSWORD }).expect(400);
    expect(missing.body.errors).toHaveProperty('code');
    const wrong = await as(t, token)
      .post(AUTH_PATHS.reauth, { password: PASSWORD, code: wrongTotp(secret) })
      .expect(400);
    expect(wrong.body.errors).toHaveProperty('code');
    await as(t, token).post(AUTH_PATHS.mfaRecoveryCodes).expect(403);

    const { current } = await totpCodes(secret);
    await as(t, token).post(AUTH_PATHS.reauth, { password: PASSWORD, code: current }).expect(200);
    await as(t, token).post(AUTH_PATHS.mfaRecoveryCodes).expect(200);

    // A recovery code does too, and is used up by it.
    await makeStale(t, token);
    await as(t, token)
      .post(AUTH_PATHS.reauth, { password: PASSWORD, code: recoveryCodes[0] })
      .expect(400); // renewed above: the first set is gone
    const log = await auditLog(t, token);
    expect(log.find((e) => e.action === 'mfa-failed' && e.admin.email === email)).toMatchObject({
      detail: { step: 'reauth' },
    });
  });

  it('lets an admin on an initial password reauthenticate to change it after 5 minutes', async () => {
    const owner = await newAdmin('owner-of-new@example.com');
    await as(t, owner)
      .post(ADMINS_PATH, { email: 'initial@example.com', password: 'an initial password' })
      .expect(201);
    const token = await loginToken(t, 'initial@example.com', 'an initial password');
    await makeStale(t, token);
    const change = {
      currentPassword: 'an initial password',
      newPassword: 'my very own password',
    };
    const refused = await as(t, token).post(AUTH_PATHS.changePassword, change).expect(403);
    expect(refused.body).toMatchObject({ reauthRequired: true });
    await as(t, token).post(AUTH_PATHS.reauth, { password: 'an initial password' }).expect(200);
    await as(t, token).post(AUTH_PATHS.changePassword, change).expect(200);
  });

  it('asks for a fresh factor before replacing a confirmed TOTP secret', async () => {
    const token = await newAdmin('replace@example.com');
    const { secret } = await enrolTotp(t, token, PASSWORD);
    await makeStale(t, token);
    const refused = await as(t, token).post(AUTH_PATHS.mfaTotp, { password: PASSWORD }).expect(403);
    expect(refused.body).toMatchObject({ reauthRequired: true });
    const { current } = await totpCodes(secret);
    await as(t, token).post(AUTH_PATHS.reauth, { password: PASSWORD, code: current }).expect(200);
    await as(t, token).post(AUTH_PATHS.mfaTotp, { password: PASSWORD }).expect(200);
  });

  it.each([
    ['no password', {}],
    ['a null code', { password: PASSWORD, code: null }],
    ['an extra field', { password: PASSWORD, admin: true }],
  ])('answers 400 to a reauth with %s', async (_name, body) => {
    const token = await newAdmin(`bad-${_name.replace(/\W/g, '')}@example.com`);
    const res = await as(t, token).post(AUTH_PATHS.reauth, body).expect(400);
    expect(res.body.success).toBe(false);
  });

  it('requires a token', async () => {
    await request(t.http).post(AUTH_PATHS.reauth).send({ password: PASSWORD }).expect(401);
  });
});
