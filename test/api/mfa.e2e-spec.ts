import { USED_CODE } from '../../nest/src/auth/mfa/mfa.service';
import {
  ADMINS_PATH,
  AUTH_PATHS,
  MFA_SETUP_REQUIRED,
  RECOVERY_CODE_COUNT,
} from '../../nest/src/contract';
import { as, auditLog, enrolTotp } from '../support/account';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';
import { startOfStep, totpCodes, wrongTotp } from '../support/totp';

const PASSWORD = 'a long and good password';

/** Signs in with the password: the answer of the first step, whatever it is. */
const signIn = (t: TestApp, email: string, ip = '127.0.0.1') =>
  request(t.http)
    .post(AUTH_PATHS.login)
    .set('X-Forwarded-For', ip)
    .send({ email, password: PASSWORD })
    .expect(200);

const verify = (t: TestApp, mfaToken: string, code: string, ip = '127.0.0.1') =>
  request(t.http).post(AUTH_PATHS.mfaVerify).set('X-Forwarded-For', ip).send({ mfaToken, code });

describe('a second factor (TOTP), ADMIN_MFA=optional', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
  });
  afterAll(() => t.close());

  /** A fresh admin, signed in with the password alone. */
  const newAdmin = async (email: string) => {
    await createAdmin(t, email, PASSWORD);
    return { email, token: await loginToken(t, email, PASSWORD) };
  };
  const stored = (email: string) => t.connection.collection('admins').findOne({ email });

  it('enrols: the password, then a code from the secret; the secret is never stored as given', async () => {
    const { email, token } = await newAdmin('enrol@example.com');
    const wrong = await as(t, token).post(AUTH_PATHS.mfaTotp, { password: 'not it' }).expect(400);
    expect(wrong.body).toMatchObject({ success: false, errors: { password: expect.any(Array) } });

    const enrol = await as(t, token).post(AUTH_PATHS.mfaTotp, { password: PASSWORD }).expect(200);
    expect(enrol.body).toEqual({
      success: true,
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const { secret } = enrol.body as { secret: string };
    const url = new URL(enrol.body.otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(url.pathname)).toContain(email);

    // Pending: the password alone still signs in.
    expect((await signIn(t, email)).body).toEqual({ success: true, token: expect.any(String) });
    const pending = await stored(email);
    // (The CLI's upsert leaves the field out until it is first set.)
    expect(pending?.totpSecret ?? null).toBeNull();
    expect(pending?.totpPendingSecret).toMatch(/^v1\./);
    expect(JSON.stringify(pending)).not.toContain(secret);

    const bad = await as(t, token)
      .post(AUTH_PATHS.mfaTotpConfirm, { code: wrongTotp(secret) })
      .expect(400);
    expect(bad.body).toMatchObject({ success: false, errors: { code: expect.any(Array) } });

    const { previous } = await totpCodes(secret);
    const confirm = await as(t, token)
      .post(AUTH_PATHS.mfaTotpConfirm, { code: previous })
      .expect(200);
    const codes = confirm.body.recoveryCodes as string[];
    expect(confirm.body).toEqual({ success: true, recoveryCodes: expect.any(Array) });
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^([A-Z2-7]{4}-){5}[A-Z2-7]{4}$/);

    const enrolled = await stored(email);
    expect(enrolled?.totpSecret).toEqual(expect.any(String));
    expect(enrolled?.totpPendingSecret).toBeNull();
    expect(enrolled?.recoveryCodeHashes).toHaveLength(RECOVERY_CODE_COUNT);
    const everything = JSON.stringify(enrolled);
    expect(everything).not.toContain(secret);
    for (const code of codes) expect(everything).not.toContain(code.replace(/-/g, ''));

    // Nothing is pending any more.
    await as(t, token).post(AUTH_PATHS.mfaTotpConfirm, { code: previous }).expect(409);
    const log = await auditLog(t, token);
    expect(log.find((e) => e.action === 'mfa-enrolled')).toMatchObject({
      admin: { email },
      detail: { method: 'totp', replaced: false },
    });
    expect(log.find((e) => e.action === 'mfa-failed')).toMatchObject({
      admin: { email },
      detail: { step: 'confirm' },
    });
  });

  it('signs in in two steps: no token for the password, then one for a code, each code once', async () => {
    const { email, token } = await newAdmin('two-steps@example.com');
    // Enrolment and the reuse of its code below fall in one step.
    await startOfStep();
    const { secret } = await enrolTotp(t, token, PASSWORD);

    const first = await signIn(t, email);
    expect(first.body).toEqual({
      success: false,
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['totp', 'recovery-code'],
    });
    expect(first.body).not.toHaveProperty('token');

    const codes = await totpCodes(secret);
    // The confirmation's code (the previous step's) was used: refused, saying so.
    const reused = await verify(t, first.body.mfaToken, codes.previous).expect(401);
    expect(reused.body).toMatchObject({ success: false, message: USED_CODE });
    const wrong = await verify(t, first.body.mfaToken, wrongTotp(secret)).expect(401);
    expect(wrong.body).toMatchObject({ success: false, message: 'The code is not correct' });
    const done = await verify(t, first.body.mfaToken, codes.current).expect(200);
    expect(done.body).toEqual({ success: true, token: expect.any(String) });
    await as(t, done.body.token).get(ADMINS_PATH).expect(200);

    // The mfaToken is used up, and the code too, even in a new sign-in.
    await verify(t, first.body.mfaToken, codes.next).expect(401);
    const again = await signIn(t, email);
    const usedAgain = await verify(t, again.body.mfaToken, codes.current).expect(401);
    expect(usedAgain.body).toMatchObject({ success: false, message: USED_CODE });
    await verify(t, again.body.mfaToken, codes.next).expect(200);

    const log = await auditLog(t, token);
    expect(log.find((e) => e.action === 'sign-in' && e.admin.email === email)).toMatchObject({
      detail: { factor: 'totp' },
    });
    expect(
      log.filter((e) => e.action === 'mfa-failed' && e.admin.email === email).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('takes each recovery code once, and says how many are left', async () => {
    const { email, token } = await newAdmin('recovery@example.com');
    await as(t, token)
      .get(AUTH_PATHS.mfa)
      .expect(200, { success: true, totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    // A pending secret is no factor yet.
    await as(t, token).post(AUTH_PATHS.mfaTotp, { password: PASSWORD }).expect(200);
    await as(t, token)
      .get(AUTH_PATHS.mfa)
      .expect(200, { success: true, totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    const { recoveryCodes } = await enrolTotp(t, token, PASSWORD);
    await as(t, token).get(AUTH_PATHS.mfa).expect(200, {
      success: true,
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    const [code] = recoveryCodes as [string];
    const first = await signIn(t, email);
    // Case, spaces and hyphens don't matter.
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    const done = await verify(t, first.body.mfaToken, typed).expect(200);
    expect(done.body).toEqual({ success: true, token: expect.any(String) });
    const second = await signIn(t, email);
    await verify(t, second.body.mfaToken, code).expect(401);
    expect((await auditLog(t, token)).find((e) => e.action === 'recovery-code-used')).toMatchObject(
      { admin: { email }, detail: { left: RECOVERY_CODE_COUNT - 1 } },
    );
    await as(t, token)
      .get(AUTH_PATHS.mfa)
      .expect(200, {
        success: true,
        totp: true,
        passkeys: 0,
        recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
      });
  });

  it('ends an mfaToken after 5 wrong codes, and after 5 minutes', async () => {
    const { email, token } = await newAdmin('five-wrong@example.com');
    const { secret } = await enrolTotp(t, token, PASSWORD);
    const { mfaToken } = (await signIn(t, email, '10.1.0.1')).body as { mfaToken: string };
    // From five addresses: the throttle's per-address limits stay out of the way of this count.
    for (let i = 0; i < 5; i++)
      await verify(t, mfaToken, wrongTotp(secret), `10.1.1.${i}`).expect(401);
    const { current } = await totpCodes(secret);
    const dead = await verify(t, mfaToken, current, '10.1.2.1').expect(401);
    expect(dead.body.message).toMatch(/sign in with your password again/);

    const late = (await signIn(t, email, '10.1.3.1')).body as { mfaToken: string };
    await t.connection
      .collection('mfa_challenges')
      .updateMany({ email }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await verify(t, late.mfaToken, current, '10.1.3.1').expect(401);
    // A token of nothing, and of another admin's code, are no better.
    await verify(t, 'made-up', current).expect(401);
  });

  it('counts wrong codes in the sign-in throttle of the address and account', async () => {
    const { email, token } = await newAdmin('throttled@example.com');
    const { secret } = await enrolTotp(t, token, PASSWORD);
    const ip = '10.2.0.1';
    const { mfaToken } = (await signIn(t, email, ip)).body as { mfaToken: string };
    for (let i = 0; i < 5; i++) await verify(t, mfaToken, wrongTotp(secret), ip).expect(401);
    // Five failures lock this (address, account) pair, for the password step as well.
    const locked = await request(t.http)
      .post(AUTH_PATHS.login)
      .set('X-Forwarded-For', ip)
      .send({ email, password: PASSWORD })
      .expect(429);
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('binds an mfaToken to its admin', async () => {
    const a = await newAdmin('bound-a@example.com');
    const b = await newAdmin('bound-b@example.com');
    await enrolTotp(t, a.token, PASSWORD);
    const bFactor = await enrolTotp(t, b.token, PASSWORD);
    const { mfaToken } = (await signIn(t, a.email, '10.3.0.1')).body as { mfaToken: string };
    const { current } = await totpCodes(bFactor.secret);
    await verify(t, mfaToken, current, '10.3.0.1').expect(401);
  });

  it('removes TOTP with the password and a code; the password alone signs in again', async () => {
    const { email, token } = await newAdmin('remove@example.com');
    // Enrolment and the reuse of its code below fall in one step.
    await startOfStep();
    const { secret } = await enrolTotp(t, token, PASSWORD);
    const body = (code: string, password = PASSWORD) => ({ password, code });
    const wrongPassword = await as(t, token)
      .delete(AUTH_PATHS.mfaTotp, body(wrongTotp(secret), 'not it'))
      .expect(400);
    expect(wrongPassword.body.errors).toHaveProperty('password');
    const wrongCode = await as(t, token)
      .delete(AUTH_PATHS.mfaTotp, body(wrongTotp(secret)))
      .expect(400);
    expect(wrongCode.body.errors).toHaveProperty('code');
    const { current, previous } = await totpCodes(secret);
    // The enrolment's code (the previous step's): already used, and the answer says so.
    const usedCode = await as(t, token).delete(AUTH_PATHS.mfaTotp, body(previous)).expect(400);
    expect(usedCode.body).toMatchObject({
      success: false,
      message: USED_CODE,
      errors: { code: [expect.stringContaining('already used')] },
    });
    await as(t, token).delete(AUTH_PATHS.mfaTotp, body(current)).expect(200, { success: true });
    expect((await signIn(t, email)).body).toEqual({ success: true, token: expect.any(String) });
    await as(t, token).delete(AUTH_PATHS.mfaTotp, body(current)).expect(409);
    expect((await auditLog(t, token)).find((e) => e.action === 'mfa-removed')).toMatchObject({
      admin: { email },
    });
  });

  it('renews the recovery codes: the old ones stop working', async () => {
    const { email, token } = await newAdmin('renew@example.com');
    await as(t, token).post(AUTH_PATHS.mfaRecoveryCodes).expect(409);
    const { recoveryCodes: old } = await enrolTotp(t, token, PASSWORD);
    const renewed = await as(t, token).post(AUTH_PATHS.mfaRecoveryCodes).expect(200);
    expect(renewed.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(renewed.body.recoveryCodes).not.toContain(old[0]);
    const first = await signIn(t, email);
    await verify(t, first.body.mfaToken, old[0] as string).expect(401);
    await verify(t, first.body.mfaToken, renewed.body.recoveryCodes[0]).expect(200);
    expect(
      (await auditLog(t, token)).find((e) => e.action === 'recovery-codes-renewed'),
    ).toMatchObject({ admin: { email }, detail: { count: RECOVERY_CODE_COUNT } });
  });

  it.each([
    ['no code', { mfaToken: 'x' }],
    ['an object code', { mfaToken: 'x', code: { $ne: null } }],
    ['an extra field', { mfaToken: 'x', code: '123456', admin: true }],
    ['a huge code', { mfaToken: 'x', code: '1'.repeat(500) }],
  ])('answers 400 to a verify with %s', async (_name, body) => {
    const res = await request(t.http).post(AUTH_PATHS.mfaVerify).send(body).expect(400);
    expect(res.body.success).toBe(false);
  });
});

describe('ADMIN_MFA=required', () => {
  let t: TestApp;
  const email = 'required@example.com';
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_MFA: 'required', LOGIN_DELAY_MAX_MS: '0' });
    await createAdmin(t, email, PASSWORD);
    token = await loginToken(t, email, PASSWORD);
  });
  afterAll(() => t.close());

  it('lets an admin without a factor call only enrolment (and its status), logout and check-token', async () => {
    await request(t.http)
      .post(AUTH_PATHS.checkToken)
      .send({ token })
      .expect(200, { success: true, mfaSetupRequired: true });
    // The Account page reads what there is to set up.
    await as(t, token)
      .get(AUTH_PATHS.mfa)
      .expect(200, { success: true, totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    for (const refused of [
      as(t, token).get(ADMINS_PATH),
      as(t, token).get(AUTH_PATHS.sessions),
      as(t, token).post(AUTH_PATHS.logoutAll),
      as(t, token).post(AUTH_PATHS.reauth, { password: PASSWORD }),
      as(t, token).post(AUTH_PATHS.changePassword, {
        currentPassword: PASSWORD,
        newPassword: 'another good password',
      }),
    ]) {
      const answer = await refused.expect(403);
      expect(answer.body).toMatchObject({
        success: false,
        mfaSetupRequired: true,
        message: MFA_SETUP_REQUIRED,
      });
    }
  });

  it('lists the 403 of a missing factor exactly on the calls that answer it', async () => {
    await createAdmin(t, 'doc-check@example.com', PASSWORD);
    const due = await loginToken(t, 'doc-check@example.com', PASSWORD);
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const paths = doc.paths as Record<
      string,
      Record<
        string,
        {
          security?: Record<string, unknown>[];
          responses: Record<string, { description?: string }>;
        }
      >
    >;
    const calls = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.security?.every((scheme) => Object.keys(scheme).length > 0))
        .map(([method, op]) => ({
          method,
          path,
          documented: op.responses['403']?.description?.includes(MFA_SETUP_REQUIRED) ?? false,
        })),
    );
    calls.sort(
      (a, b) => Number(a.path === AUTH_PATHS.logout) - Number(b.path === AUTH_PATHS.logout),
    );
    expect(calls.length).toBeGreaterThan(40);
    for (const { method, path, documented } of calls) {
      const url = path.replace(/\{[^}]+\}/g, '6650b2f1c2a4e3b1f0a1b2c3');
      const res = await request(t.http)
        [method as 'get' | 'post' | 'delete'](url)
        .set('Authorization', `Bearer ${due}`)
        .send({});
      expect({ method, path, refused: res.body.mfaSetupRequired === true }).toEqual({
        method,
        path,
        refused: documented,
      });
    }
  });

  it('opens everything once TOTP is set up, and does not let the only factor go', async () => {
    const { secret } = await enrolTotp(t, token, PASSWORD);
    await as(t, token).get(ADMINS_PATH).expect(200);
    await request(t.http).post(AUTH_PATHS.checkToken).send({ token }).expect(200, {
      success: true,
    });
    const { current } = await totpCodes(secret);
    const kept = await as(t, token)
      .delete(AUTH_PATHS.mfaTotp, { password: PASSWORD, code: current })
      .expect(409);
    expect(kept.body.message).toMatch(/ADMIN_MFA=required/);
    const first = await signIn(t, email);
    expect(first.body).toMatchObject({ success: false, mfaRequired: true });
    await verify(t, first.body.mfaToken, current).expect(200);
  });
});
