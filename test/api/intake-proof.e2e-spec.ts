import {
  encodeIntakeProof,
  INTAKE_CHALLENGE_PATH,
  INTAKE_KEY_HEADER,
  type IntakeChallenge,
  LEAD_KINDS,
  leadPaths,
} from '../../nest/src/contract';
import { decodeIntakeProof, solveIntakeChallenge } from '../support/intake-proof';
import { validSubmission } from '../support/submissions';
import { createTestApp, request, type TestApp } from '../support/test-app';

const kind = LEAD_KINDS.contactUs;
const paths = leadPaths(kind);
const INTAKE_KEY = 'marketplace-0123456789abcdefghijklmn';

async function challengeOf(t: TestApp): Promise<IntakeChallenge> {
  const res = await request(t.http).get(INTAKE_CHALLENGE_PATH).expect(200);
  return res.body as IntakeChallenge;
}

const solvedProof = async (t: TestApp) => solveIntakeChallenge(await challengeOf(t));

/** What the intake stored as the submission's proof verdict. */
async function storedVerdict(t: TestApp, id: string): Promise<unknown> {
  const { ObjectId } = await import('mongodb');
  const lead = await t.connection.collection(kind.collection).findOne({ _id: new ObjectId(id) });
  return lead?.proof;
}

describe('intake proof of work (INTAKE_PROOF=score, the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      INTAKE_RATE_LIMIT: '1000',
      INTAKE_KEYS: `other-key-0123456789abcdefgh, ${INTAKE_KEY}`,
    });
  });
  afterAll(() => t.close());

  const submit = (body: object, key?: string) => {
    const call = request(t.http).post(paths.create);
    if (key !== undefined) call.set(INTAKE_KEY_HEADER, key);
    return call.send(body);
  };

  it('hands out a signed ALTCHA challenge that expires, without cookies and uncached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await request(t.http).get(INTAKE_CHALLENGE_PATH).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      parameters: {
        algorithm: 'SHA-256',
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
        salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        cost: expect.any(Number),
        keyLength: 32,
        keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
        expiresAt: expect.any(Number),
      },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const expiresAt = (res.body as IntakeChallenge).parameters.expiresAt;
    expect(expiresAt).toBeGreaterThan(before + 60);
    expect(expiresAt).toBeLessThanOrEqual(before + 3600);
    // Each one is new.
    expect((await challengeOf(t)).signature).not.toBe((res.body as IntakeChallenge).signature);
  });

  it('takes a valid proof once, and answers a replay as it answers any lead, stored as reused', async () => {
    const altcha = await solvedProof(t);
    const first = await submit({ ...validSubmission(kind, 1), altcha }).expect(201);
    expect(await storedVerdict(t, first.body.id)).toBe('valid');
    const replay = await submit({ ...validSubmission(kind, 2), altcha }).expect(201);
    expect(replay.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(await storedVerdict(t, replay.body.id)).toBe('reused');
  });

  it('finds a tampered proof invalid: another counter, another key, a forged signature, junk', async () => {
    const proof = decodeIntakeProof(await solvedProof(t));
    const forged = [
      { ...proof, solution: { ...proof.solution, counter: proof.solution.counter + 1 } },
      { ...proof, solution: { ...proof.solution, derivedKey: '00'.repeat(32) } },
      {
        ...proof,
        challenge: {
          ...proof.challenge,
          parameters: {
            ...proof.challenge.parameters,
            expiresAt: proof.challenge.parameters.expiresAt + 3600,
          },
        },
      },
      { ...proof, challenge: { ...proof.challenge, signature: 'ab'.repeat(32) } },
    ].map((payload) => encodeIntakeProof(payload));
    for (const [n, altcha] of [
      ...forged,
      'not base64 json',
      Buffer.from('{"a":1}').toString('base64'),
    ].entries()) {
      const res = await submit({ ...validSubmission(kind, 10 + n), altcha }).expect(201);
      expect(await storedVerdict(t, res.body.id)).toBe('invalid');
    }
    // The untouched one is still good: forgeries of it did not use it up.
    const res = await submit({
      ...validSubmission(kind, 20),
      altcha: encodeIntakeProof(proof),
    }).expect(201);
    expect(await storedVerdict(t, res.body.id)).toBe('valid');
  });

  it('passes a submission without a proof on as missing', async () => {
    const res = await submit(validSubmission(kind, 30)).expect(201);
    expect(await storedVerdict(t, res.body.id)).toBe('missing');
  });

  it('refuses a proof that is not text, or too long, like any invalid field', async () => {
    for (const altcha of [42, 'x'.repeat(2_001)]) {
      const res = await submit({ ...validSubmission(kind, 40), altcha }).expect(400);
      expect(res.body.errors).toEqual({ altcha: [expect.any(String)] });
    }
  });

  it('trusts a sender with a valid X-Intake-Key (no proof needed), and answers a wrong one 401', async () => {
    const trusted = await submit(validSubmission(kind, 50), INTAKE_KEY).expect(201);
    expect(await storedVerdict(t, trusted.body.id)).toBe('trusted');
    const before = await t.connection.collection(kind.collection).countDocuments();
    for (const key of ['wrong', `${INTAKE_KEY}x`, INTAKE_KEY.slice(1), '']) {
      const res = await submit(validSubmission(kind, 51), key).expect(401);
      expect(res.body).toEqual(
        expect.objectContaining({
          success: false,
          message: `The ${INTAKE_KEY_HEADER} header is not valid`,
        }),
      );
    }
    expect(await t.connection.collection(kind.collection).countDocuments()).toBe(before);
  });
});

describe('intake proof of work, INTAKE_PROOF=required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      INTAKE_RATE_LIMIT: '1000',
      INTAKE_PROOF: 'required',
      INTAKE_KEYS: INTAKE_KEY,
    });
  });
  afterAll(() => t.close());

  it('refuses a JSON intake without a valid proof or key with a 400 that says what to send', async () => {
    const altcha = await solvedProof(t);
    const cases: [object, string][] = [
      [validSubmission(kind, 1), 'none was sent'],
      [{ ...validSubmission(kind, 2), altcha: 'junk' }, 'the one sent is invalid'],
    ];
    for (const [body, why] of cases) {
      const res = await request(t.http).post(paths.create).send(body).expect(400);
      expect(res.body).toEqual(
        expect.objectContaining({ success: false, message: expect.stringContaining(why) }),
      );
      expect(res.body.message).toContain('altcha');
      expect(res.body.message).toContain(INTAKE_CHALLENGE_PATH);
      expect(res.body.message).toContain(INTAKE_KEY_HEADER);
    }
    await request(t.http)
      .post(paths.create)
      .send({ ...validSubmission(kind, 3), altcha })
      .expect(201);
    const replay = await request(t.http)
      .post(paths.create)
      .send({ ...validSubmission(kind, 4), altcha })
      .expect(400);
    expect(replay.body.message).toContain('the one sent is reused');
    await request(t.http)
      .post(paths.create)
      .set(INTAKE_KEY_HEADER, INTAKE_KEY)
      .send(validSubmission(kind, 5))
      .expect(201);
  });

  it('takes a proof at every kind’s intake, one use across kinds', async () => {
    const altcha = await solvedProof(t);
    const other = LEAD_KINDS.consultation;
    await request(t.http)
      .post(leadPaths(other).create)
      .send({ ...validSubmission(other), altcha })
      .expect(201);
    await request(t.http)
      .post(paths.create)
      .send({ ...validSubmission(kind, 6), altcha })
      .expect(400);
  });
});

describe('intake proof of work, INTAKE_PROOF=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INTAKE_PROOF: 'off', INTAKE_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('checks nothing: stored as unchecked', async () => {
    const res = await request(t.http)
      .post(paths.create)
      .send({ ...validSubmission(kind), altcha: 'junk' })
      .expect(201);
    expect(await storedVerdict(t, res.body.id)).toBe('unchecked');
  });

  it('limits challenges per visitor as the intake is, counted apart from submissions', async () => {
    await request(t.http).get(INTAKE_CHALLENGE_PATH).expect(200);
    await request(t.http).get(INTAKE_CHALLENGE_PATH).expect(200);
    const res = await request(t.http).get(INTAKE_CHALLENGE_PATH).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Too many challenges/);
    await request(t.http).post(paths.create).send(validSubmission(kind, 1)).expect(201);
  });
});
