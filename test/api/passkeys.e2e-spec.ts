import {
  AUTH_PATHS,
  MFA_CHALLENGE_GONE,
  MFA_SETUP_REQUIRED,
  type PasskeyAuthenticationJson,
  RECOVERY_CODE_COUNT,
  REAUTH_REQUIRED,
} from '../../nest/src/contract';
import { as, auditLog, enrolTotp, makeStale } from '../support/account';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';
import { totpCodes } from '../support/totp';
import { type VirtualAuthenticator, virtualAuthenticator } from '../support/virtual-authenticator';

const PASSWORD = 'a long and good password';
const passkeyPath = (id: string) => `${AUTH_PATHS.mfaPasskeys}/${id}`;

/** An answer whose signature is not the authenticator's (its last byte changed). */
function tampered(answer: PasskeyAuthenticationJson): PasskeyAuthenticationJson {
  const signature = Buffer.from(answer.response.signature, 'base64url');
  signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0xff;
  return {
    ...answer,
    response: { ...answer.response, signature: signature.toString('base64url') },
  };
}

/*
 * ADMIN_MFA=required throughout: a passkey is then the admin's first (and only) factor, which the
 * setup gate, the recovery codes and the removal rule are about. The real ceremonies run in
 * Chromium's virtual authenticator (test/support/virtual-authenticator.ts); refusals go over HTTP.
 */
describe('passkeys (WebAuthn) as a second factor, ADMIN_MFA=required', () => {
  let t: TestApp;
  let authenticator: VirtualAuthenticator;

  beforeAll(async () => {
    [t, authenticator] = await Promise.all([
      createTestApp({ LOGIN_DELAY_MAX_MS: '0', ADMIN_MFA: 'required' }),
      virtualAuthenticator(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await authenticator?.close();
    await t?.close();
  });

  /** A fresh admin, signed in with the password alone (enrolment is due). */
  const newAdmin = async (email: string) => {
    await createAdmin(t, email, PASSWORD);
    return loginToken(t, email, PASSWORD);
  };

  /** Registers a passkey through the whole ceremony: its id, and the answer's recovery codes. */
  const register = async (token: string, name: string, password: string | null = PASSWORD) => {
    const options = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeyRegistrationOptions, password === null ? {} : { password })
      .expect(200);
    const response = await authenticator.create(options.body.options);
    const added = await as(t, token).post(AUTH_PATHS.mfaPasskeys, { name, response }).expect(200);
    return added.body as { passkey: { id: string }; recoveryCodes?: string[] };
  };

  /** The password step: the mfaToken of an admin with a factor. */
  const passwordStep = async (email: string) => {
    const res = await request(t.http)
      .post(AUTH_PATHS.login)
      .send({ email, password: PASSWORD })
      .expect(200);
    return res.body as { mfaToken: string; methods: string[] };
  };
  const signInOptions = async (mfaToken: string) =>
    (await request(t.http).post(AUTH_PATHS.mfaPasskeyOptions).send({ mfaToken }).expect(200)).body
      .options as Record<string, unknown>;
  const verify = (mfaToken: string, passkey: unknown) =>
    request(t.http).post(AUTH_PATHS.mfaVerify).send({ mfaToken, passkey });

  it('registers a first passkey after the password, with recovery codes, and lifts the setup gate', async () => {
    const token = await newAdmin('first@example.com');
    await as(t, token).get(AUTH_PATHS.sessions).expect(403);

    // The first factor needs the password.
    const missing = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeyRegistrationOptions, {})
      .expect(400);
    expect(missing.body).toMatchObject({ success: false, errors: { password: expect.any(Array) } });
    await as(t, token)
      .post(AUTH_PATHS.mfaPasskeyRegistrationOptions, { password: 'not it' })
      .expect(400);

    const options = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeyRegistrationOptions, { password: PASSWORD })
      .expect(200);
    expect(options.body.options).toMatchObject({
      challenge: expect.any(String),
      rp: { id: 'localhost' },
      user: { name: 'first@example.com' },
      authenticatorSelection: { userVerification: 'required' },
    });
    const response = await authenticator.create(options.body.options);
    const added = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeys, { name: '  Laptop  ', response })
      .expect(200);
    expect(added.body).toEqual({
      success: true,
      passkey: { id: response.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
      recoveryCodes: expect.any(Array),
    });
    expect(added.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    // The same answer again: its challenge is used up.
    const again = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeys, { name: 'Again', response })
      .expect(400);
    expect(again.body).toMatchObject({ success: false, errors: { response: expect.any(Array) } });

    await as(t, token).get(AUTH_PATHS.sessions).expect(200);
    expect((await as(t, token).get(AUTH_PATHS.mfa).expect(200)).body).toEqual({
      success: true,
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect((await as(t, token).get(AUTH_PATHS.mfaPasskeys).expect(200)).body).toEqual({
      success: true,
      passkeys: [added.body.passkey],
    });
    // Stored: the public key and counter, never anything secret; the admin knows its id.
    const stored = await t.connection
      .collection<{ _id: string }>('admin_passkeys')
      .findOne({ _id: response.id });
    expect(stored).toMatchObject({ name: 'Laptop', publicKey: expect.any(String) });
    const admin = await t.connection.collection('admins').findOne({ email: 'first@example.com' });
    expect(admin?.passkeyIds).toEqual([response.id]);
    const actions = (await auditLog(t, token)).map((entry) => entry.action);
    expect(actions).toContain('passkey-added');
  });

  it('refuses an answer to another challenge and a malformed answer', async () => {
    const token = await newAdmin('wrong-challenge@example.com');
    const first = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeyRegistrationOptions, { password: PASSWORD })
      .expect(200);
    const stale = await authenticator.create(first.body.options);
    // New options replace the challenge the first answer signed.
    await as(t, token)
      .post(AUTH_PATHS.mfaPasskeyRegistrationOptions, { password: PASSWORD })
      .expect(200);
    const refused = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeys, { name: 'Stale', response: stale })
      .expect(400);
    expect(refused.body).toMatchObject({ success: false, errors: { response: expect.any(Array) } });

    for (const response of [
      'not an object',
      { ...stale, type: 'password' },
      { ...stale, id: 'not base64url!' },
      { ...stale, response: { clientDataJSON: stale.response.clientDataJSON } },
    ]) {
      const res = await as(t, token)
        .post(AUTH_PATHS.mfaPasskeys, { name: 'Bad', response })
        .expect(400);
      expect(res.body).toMatchObject({ success: false, errors: { response: expect.any(Array) } });
    }
    const noName = await as(t, token)
      .post(AUTH_PATHS.mfaPasskeys, { name: ' ', response: stale })
      .expect(400);
    expect(noName.body).toMatchObject({ errors: { name: expect.any(Array) } });
    // Still no factor: the gate holds.
    const gated = await as(t, token).get(AUTH_PATHS.sessions).expect(403);
    expect(gated.body).toMatchObject({ mfaSetupRequired: true, message: MFA_SETUP_REQUIRED });
  });

  it('signs in with the password and a passkey; a challenge answers once', async () => {
    const token = await newAdmin('sign-in@example.com');
    const { passkey } = await register(token, 'Key');

    const step = await passwordStep('sign-in@example.com');
    expect(step.methods).toEqual(['passkey', 'recovery-code']);
    const options = await signInOptions(step.mfaToken);
    expect(options).toMatchObject({
      challenge: expect.any(String),
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [expect.objectContaining({ id: passkey.id })],
    });
    const answer = await authenticator.get(options);
    const signedIn = await verify(step.mfaToken, answer).expect(200);
    expect(signedIn.body).toEqual({ success: true, token: expect.any(String) });
    await as(t, signedIn.body.token).get(AUTH_PATHS.sessions).expect(200);
    const [listed] = (await as(t, signedIn.body.token).get(AUTH_PATHS.mfaPasskeys)).body.passkeys;
    expect(listed.lastUsedAt).toEqual(expect.any(String));

    // The same answer with a new sign-in: not its challenge.
    const next = await passwordStep('sign-in@example.com');
    await signInOptions(next.mfaToken);
    const replay = await verify(next.mfaToken, answer).expect(401);
    expect(replay.body).toMatchObject({ success: false });
    expect(replay.body.message).not.toBe(MFA_CHALLENGE_GONE);

    const log = await auditLog(t, signedIn.body.token);
    expect(log.find((e) => e.action === 'passkey-used')?.detail).toMatchObject({
      passkeyId: passkey.id,
      step: 'sign-in',
    });
    expect(log.find((e) => e.action === 'mfa-failed')?.detail).toMatchObject({
      step: 'sign-in',
      method: 'passkey',
    });
  });

  it('counts wrong passkey answers against the mfaToken (5) and the sign-in throttle', async () => {
    const token = await newAdmin('tampered@example.com');
    await register(token, 'Key');
    const step = await passwordStep('tampered@example.com');
    // An answer to another sign-in's challenge: this one has none kept yet.
    const elsewhere = await signInOptions((await passwordStep('tampered@example.com')).mfaToken);
    const early = await verify(step.mfaToken, await authenticator.get(elsewhere)).expect(401);
    expect(early.body.message).not.toBe(MFA_CHALLENGE_GONE);
    for (let attempt = 1; attempt < 5; attempt++) {
      const answer = await authenticator.get(await signInOptions(step.mfaToken));
      await verify(step.mfaToken, tampered(answer)).expect(401);
    }
    // Five wrong answers: the mfaToken is dead, even for a right one.
    const gone = await request(t.http)
      .post(AUTH_PATHS.mfaPasskeyOptions)
      .send({ mfaToken: step.mfaToken })
      .expect(401);
    expect(gone.body.message).toBe(MFA_CHALLENGE_GONE);
    // Five failures for this address and account: the throttle (5) refuses the next sign-in.
    await request(t.http)
      .post(AUTH_PATHS.login)
      .send({ email: 'tampered@example.com', password: PASSWORD })
      .expect(429);
  });

  it('validates the sign-in body: a code or a passkey, one of them', async () => {
    const token = await newAdmin('body@example.com');
    await register(token, 'Key');
    const { mfaToken } = await passwordStep('body@example.com');
    const neither = await request(t.http).post(AUTH_PATHS.mfaVerify).send({ mfaToken }).expect(400);
    expect(neither.body).toMatchObject({ success: false, errors: { code: expect.any(Array) } });
    const answer = await authenticator.get(await signInOptions(mfaToken));
    const both = await request(t.http)
      .post(AUTH_PATHS.mfaVerify)
      .send({ mfaToken, code: '123456', passkey: answer })
      .expect(400);
    expect(both.body.success).toBe(false);
    await request(t.http)
      .post(AUTH_PATHS.mfaVerify)
      .send({ mfaToken, passkey: { id: 'x' } })
      .expect(400);
    // Options for an admin without a passkey: nothing to ask.
    const totpOnly = await newAdmin('totp-only@example.com');
    await enrolTotp(t, totpOnly, PASSWORD);
    const other = await passwordStep('totp-only@example.com');
    expect(other.methods).toEqual(['totp', 'recovery-code']);
    await request(t.http)
      .post(AUTH_PATHS.mfaPasskeyOptions)
      .send({ mfaToken: other.mfaToken })
      .expect(409);
  });

  it('adding, renaming and removing: a fresh factor, never the only one, 404 for others’', async () => {
    const token = await newAdmin('manage@example.com');
    const { passkey: first, recoveryCodes } = await register(token, 'First');

    // One more factor needs a fresh one; the password is then not asked again.
    await makeStale(t, token);
    const stale = await as(t, token).post(AUTH_PATHS.mfaPasskeyRegistrationOptions, {}).expect(403);
    expect(stale.body).toMatchObject({ reauthRequired: true, message: REAUTH_REQUIRED });
    const removeStale = await as(t, token).delete(passkeyPath(first.id)).expect(403);
    expect(removeStale.body).toMatchObject({ reauthRequired: true });

    // The password alone is not enough once there is a factor: a code (here a recovery code) too.
    const passwordOnly = await as(t, token)
      .post(AUTH_PATHS.reauth, { password: PASSWORD })
      .expect(400);
    expect(passwordOnly.body).toMatchObject({ errors: { code: expect.any(Array) } });
    await as(t, token)
      .post(AUTH_PATHS.reauth, { password: PASSWORD, code: recoveryCodes?.[0] })
      .expect(200);
    await makeStale(t, token);

    // Reauthentication with the passkey alone; its answer works once.
    const reauthOptions = await as(t, token).post(AUTH_PATHS.reauthPasskeyOptions).expect(200);
    const answer = await authenticator.get(reauthOptions.body.options);
    await as(t, token)
      .post(AUTH_PATHS.reauth, { passkey: tampered(answer) })
      .expect(400);
    await as(t, token).post(AUTH_PATHS.reauth, { passkey: answer }).expect(400);
    const again = await as(t, token).post(AUTH_PATHS.reauthPasskeyOptions).expect(200);
    await as(t, token)
      .post(AUTH_PATHS.reauth, { passkey: await authenticator.get(again.body.options) })
      .expect(200, { success: true });

    // The only factor, while required: stays.
    const only = await as(t, token).delete(passkeyPath(first.id)).expect(409);
    expect(only.body.success).toBe(false);

    // Another device: the first's credential is excluded from a second registration on it.
    await authenticator.replaceDevice();
    const second = await register(token, 'Second', null);
    expect(second.recoveryCodes).toBeUndefined();
    const renamed = await as(t, token)
      .patch(passkeyPath(second.passkey.id), { name: 'Phone' })
      .expect(200);
    expect(renamed.body.passkey).toMatchObject({ id: second.passkey.id, name: 'Phone' });
    await as(t, token).patch(passkeyPath(second.passkey.id), { name: '' }).expect(400);
    await as(t, token).patch(passkeyPath('bad id!'), { name: 'x' }).expect(400);
    await as(t, token).patch(passkeyPath('AAAAAAAAAAAAAAAAAAAAAA'), { name: 'x' }).expect(404);

    // Another admin's passkey is not found for this one.
    const other = await newAdmin('other@example.com');
    const { passkey: theirs } = await register(other, 'Theirs');
    await as(t, token).delete(passkeyPath(theirs.id)).expect(404);
    await as(t, token).patch(passkeyPath(theirs.id), { name: 'Mine' }).expect(404);

    await as(t, token).delete(passkeyPath(first.id)).expect(200, { success: true });
    const left = (await as(t, token).get(AUTH_PATHS.mfaPasskeys).expect(200)).body.passkeys;
    expect(left.map((p: { name: string }) => p.name)).toEqual(['Phone']);
    expect((await passwordStep('manage@example.com')).methods).toEqual([
      'passkey',
      'recovery-code',
    ]);

    const actions = (await auditLog(t, token)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['passkey-renamed', 'passkey-removed', 'reauthenticated']),
    );
  });

  it('with TOTP and a passkey, either signs in, and TOTP can go while the passkey stays', async () => {
    const token = await newAdmin('both@example.com');
    const { secret } = await enrolTotp(t, token, PASSWORD);
    await register(token, 'Key', null);
    const step = await passwordStep('both@example.com');
    expect(step.methods).toEqual(['totp', 'passkey', 'recovery-code']);
    const { current } = await totpCodes(secret);
    await request(t.http)
      .post(AUTH_PATHS.mfaVerify)
      .send({ mfaToken: step.mfaToken, code: current })
      .expect(200);
    const { next } = await totpCodes(secret);
    await as(t, token).delete(AUTH_PATHS.mfaTotp, { password: PASSWORD, code: next }).expect(200);
    expect((await as(t, token).get(AUTH_PATHS.mfa).expect(200)).body).toMatchObject({
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
  });

  it('refuses an answer whose signature counter did not move on (a cloned authenticator)', async () => {
    const token = await newAdmin('counter@example.com');
    const { passkey } = await register(token, 'Key');
    await t.connection
      .collection<{ _id: string }>('admin_passkeys')
      .updateOne({ _id: passkey.id }, { $set: { counter: 1_000_000 } });
    const step = await passwordStep('counter@example.com');
    const answer = await authenticator.get(await signInOptions(step.mfaToken));
    await verify(step.mfaToken, answer).expect(401);
  });
});
