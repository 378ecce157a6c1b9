import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient, ObjectId } from 'mongodb';

import {
  AUTH_PATHS,
  INTAKE_CHALLENGE_PATH,
  type IntakeChallenge,
  type Lead,
  LEAD_KINDS,
  type LeadPage,
  leadPaths,
} from '../../nest/src/contract';
import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';
import { solveIntakeChallenge } from '../support/intake-proof';
import { validSubmission } from '../support/submissions';

import { statusOf, waitFor } from './support/supervised';

const ADMIN = { email: 'replicas@example.com', password: 'replicas admin password' };
/** Low limits, so a few requests on each replica reach them. */
const LIMITS = { intake: 4, signInPerAddressAndAccount: 3 };

interface Replica {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

/**
 * Two built APIs (`node dist/main.js`, as two containers behind a load balancer would run it) on one
 * database, with the limits in their default store: what one replica counts, refuses, takes in or
 * moves, the other sees on its next request.
 */
describe('two API replicas on one database', () => {
  let dataDir: string;
  let db: EmbeddedDatabase;
  let a: Replica;
  let b: Replica;
  const kind = LEAD_KINDS.contactUs;
  const paths = leadPaths(kind);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-replicas-'));
    db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
    const shared = {
      MONGODB_URI: `${db.uri}replicas`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    };
    // One after the other, as a rolling deploy does: the first creates the admin, the second finds it.
    a = await startReplica('A', shared, dataDir);
    b = await startReplica('B', shared, dataDir);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].map((replica) => replica && stop(replica)));
    await db?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts failed sign-ins across both: failures on A and on B lock the pair on both', async () => {
    const ip = '192.0.2.10';
    const guess = { email: ADMIN.email, password: 'not the password' };
    await expectStatus(a, 'POST', AUTH_PATHS.login, { body: guess, ip }, 401);
    await expectStatus(b, 'POST', AUTH_PATHS.login, { body: guess, ip }, 401);
    await expectStatus(a, 'POST', AUTH_PATHS.login, { body: guess, ip }, 401);

    for (const replica of [b, a]) {
      const locked = await call(replica, 'POST', AUTH_PATHS.login, { body: ADMIN, ip });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(locked.body).toMatchObject({ message: expect.stringMatching(/Try again in \d+/) });
    }
    // Another address is not locked, on either replica.
    await expectStatus(b, 'POST', AUTH_PATHS.login, { body: ADMIN, ip: '192.0.2.11' }, 200);
  });

  it('counts intake submissions across both: the limit is reached by A and B together', async () => {
    const ip = '192.0.2.20';
    const submit = (replica: Replica, n: number) =>
      call(replica, 'POST', paths.create, { body: validSubmission(kind, n), ip });
    for (const [n, replica] of [a, b, a, b].entries())
      expect((await submit(replica, n)).status).toBe(201);

    for (const replica of [a, b]) {
      const refused = await submit(replica, 9);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('checks on B a challenge handed out by A, and takes its solution once across both', async () => {
    const challenge = await call(a, 'GET', INTAKE_CHALLENGE_PATH, { ip: '192.0.2.50' });
    expect(challenge.status).toBe(200);
    const altcha = await solveIntakeChallenge(challenge.body as IntakeChallenge);
    const send = async (replica: Replica, n: number, ip: string) => {
      const res = await call(replica, 'POST', paths.create, {
        body: { ...validSubmission(kind, n), altcha },
        ip,
      });
      expect(res.status).toBe(201);
      return (res.body as { id: string }).id;
    };
    const first = await send(b, 50, '192.0.2.51');
    const replay = await send(a, 51, '192.0.2.52');
    const client = await new MongoClient(`${db.uri}replicas`).connect();
    try {
      const leads = client.db().collection(kind.collection);
      const verdict = async (id: string) =>
        (await leads.findOne({ _id: new ObjectId(id) }))?.proof as unknown;
      expect(await verdict(first)).toBe('valid');
      expect(await verdict(replay)).toBe('reused');
    } finally {
      await client.close();
    }
  });

  it('refuses on B a token signed out on A', async () => {
    const token = await signIn(a, '192.0.2.30');
    await expectStatus(b, 'GET', paths.active, { token }, 200);
    await expectStatus(a, 'POST', AUTH_PATHS.logout, { token }, 200);
    await expectStatus(b, 'GET', paths.active, { token }, 401);
    await expectStatus(a, 'GET', paths.active, { token }, 401);
  });

  it('lists at once, with exact totals, a lead taken in or archived on the other replica', async () => {
    const tokens = { A: await signIn(a, '192.0.2.40'), B: await signIn(b, '192.0.2.41') };
    const list = async (replica: Replica, list: 'active' | 'archived') => {
      const res = await call(replica, 'GET', paths[list], {
        token: tokens[replica.name as 'A' | 'B'],
      });
      expect(res.status).toBe(200);
      return res.body as LeadPage;
    };
    // Both replicas have read (and so cached) both lists before the changes.
    const before = {
      active: (await list(b, 'active')).total as number,
      archived: (await list(b, 'archived')).total as number,
    };
    expect((await list(a, 'active')).total).toBe(before.active);

    const taken = await call(a, 'POST', paths.create, {
      body: validSubmission(kind, 100),
      ip: '192.0.2.42',
    });
    expect(taken.status).toBe(201);
    const id = (taken.body as { id: string }).id;
    const onB = await list(b, 'active');
    expect(onB.data[0]?._id).toBe(id);
    expect(onB.total).toBe(before.active + 1);

    const takenOnB = await call(b, 'POST', paths.create, {
      body: validSubmission(kind, 101),
      ip: '192.0.2.43',
    });
    const idOnB = (takenOnB.body as { id: string }).id;
    const onA = await list(a, 'active');
    expect(onA.data.slice(0, 2).map((lead: Lead) => lead._id)).toEqual([idOnB, id]);
    expect(onA.total).toBe(before.active + 2);

    await expectStatus(a, 'POST', paths.archive, { body: { ids: [id] }, token: tokens.A }, 200);
    const activeOnB = await list(b, 'active');
    const archivedOnB = await list(b, 'archived');
    expect(activeOnB.data.map((lead: Lead) => lead._id)).not.toContain(id);
    expect(activeOnB.total).toBe(before.active + 1);
    expect(archivedOnB.data[0]?._id).toBe(id);
    expect(archivedOnB.total).toBe(before.archived + 1);
  });
});

async function startReplica(
  name: string,
  shared: Record<string, string>,
  dataDir: string,
): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // Signs in with the password alone; production would require a second factor.
      ADMIN_MFA: 'optional',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      INTAKE_RATE_LIMIT: String(LIMITS.intake),
      LOGIN_LIMIT_PER_ADDRESS_AND_ACCOUNT: String(LIMITS.signInPerAddressAndAccount),
      // Sign-in delays are the same shared counters; waiting for them would only slow this test.
      LOGIN_DELAY_MAX_MS: '0',
      LOG_LEVEL: 'warn',
      ...shared,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      `replica ${name} to answer`,
      async () => {
        if (child.exitCode !== null) throw new Error(`replica ${name} exited:\n${output}`);
        return (await statusOf(`${url}/health`)) === 200;
      },
      30_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { name, url, child, output: () => output, exited };
}

async function stop(replica: Replica): Promise<void> {
  if (replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  replica.child.kill('SIGTERM');
  const timer = setTimeout(() => replica.child.kill('SIGKILL'), 5_000);
  await replica.exited;
  clearTimeout(timer);
}

interface CallOptions {
  body?: object;
  token?: string;
  /** The client address, as the load balancer in front (a trusted loopback proxy) states it. */
  ip?: string;
}

async function call(
  replica: Replica,
  method: 'GET' | 'POST',
  path: string,
  { body, token, ip }: CallOptions = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(`${replica.url}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function expectStatus(
  replica: Replica,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions,
  status: number,
): Promise<void> {
  const res = await call(replica, method, path, options);
  if (res.status !== status)
    throw new Error(
      `${method} ${path} on ${replica.name}: ${res.status}, expected ${status}: ${JSON.stringify(res.body)}`,
    );
}

async function signIn(replica: Replica, ip: string): Promise<string> {
  const res = await call(replica, 'POST', AUTH_PATHS.login, { body: ADMIN, ip });
  expect(res.status).toBe(200);
  return (res.body as { token: string }).token;
}
