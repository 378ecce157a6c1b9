import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';

import { descendants, isRunning } from './support/processes';
import { statusOf, waitFor } from './support/supervised';

/** The built API (`node dist/main.js`) as a container runs it. */
describe('node dist/main.js', () => {
  let dataDir: string;
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-api-'));
    db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await db?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function runApi(env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, ['dist/main.js'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(32).toString('hex'),
        // These tests sign in with the password alone; production would require a second factor.
        ADMIN_MFA: 'optional',
        ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    return { child, out, exited };
  }

  /** Runs the API with `env` and expects it to stop at once: answers its one line of stderr. */
  async function refusal(env: NodeJS.ProcessEnv): Promise<string | undefined> {
    const api = runApi({ API_PORT: String(await freePort()), ...env });
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      api.exited,
      new Promise<'still running'>(
        (resolve) => (timer = setTimeout(() => resolve('still running'), 20_000)),
      ),
    ]);
    clearTimeout(timer);
    const started = descendants(api.child.pid as number);
    api.child.kill('SIGKILL');
    for (const info of started) process.kill(info.pid, 'SIGKILL');
    expect(exit).toEqual({ code: 1, signal: null });
    expect(started).toEqual([]);
    const lines = api.out.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    return lines[0];
  }

  it('refuses to start without MONGODB_URI, in one line that says how to get a database', async () => {
    const line = await refusal({});
    expect(line).toMatch(/MONGODB_URI/);
    expect(line).toMatch(/npm run dev/);
    expect(line).toMatch(/npm start/);
  }, 30_000);

  it('refuses to start with a webhook URL and no secret to sign its calls, in one line', async () => {
    const line = await refusal({
      MONGODB_URI: `${db.uri}ops_api_hook`,
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
    });
    expect(line).toMatch(/LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not/);
  }, 30_000);

  it('writes only JSON lines to stdout in production, and stops on SIGTERM', async () => {
    const port = await freePort();
    const api = runApi({ API_PORT: String(port), MONGODB_URI: `${db.uri}ops_api` });
    await waitFor(
      'the API to answer',
      async () => (await statusOf(`http://127.0.0.1:${port}/health`)) === 200,
      30_000,
    );
    expect(await statusOf(`http://127.0.0.1:${port}/nowhere`)).toBe(404);
    api.child.kill('SIGTERM');
    // Nest closes the app, then ends by the same signal (as a container runtime expects).
    expect([
      { code: 0, signal: null },
      { code: null, signal: 'SIGTERM' },
    ]).toContainEqual(await api.exited);
    expect(isRunning(api.child.pid as number)).toBe(false);

    const lines = api.out.stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      let record: { level?: unknown; msg?: unknown } | undefined;
      try {
        record = JSON.parse(line) as typeof record;
      } catch {
        record = undefined;
      }
      expect({ line, json: typeof record?.level === 'number' }).toEqual({ line, json: true });
    }
    expect(api.out.stdout).toMatch(/"msg":"API listening on http:\/\/127\.0\.0\.1:\d+/);
  }, 60_000);

  it('keeps personal query parameters (a privacy look-up, a search) out of its access log', async () => {
    const port = await freePort();
    const admin = {
      email: 'ops-admin@example.com',
      password: randomBytes(12).toString('base64url'),
    };
    const api = runApi({
      API_PORT: String(port),
      MONGODB_URI: `${db.uri}ops_api_log`,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(
        'the API to answer',
        async () => (await statusOf(`${base}/health`)) === 200,
        30_000,
      );
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      const lookup = await fetch(`${base}/privacy/leads?email=erased.person%40example.com`, {
        headers: auth,
      });
      expect(lookup.status).toBe(200);
      const search = await fetch(`${base}/contact-us-request/contact-us-requests?q=Erased+Person`, {
        headers: auth,
      });
      expect(search.status).toBe(200);
      await waitFor(
        'both requests in the log',
        async () =>
          api.out.stdout.includes('/privacy/leads?') &&
          api.out.stdout.includes('contact-us-requests?'),
        10_000,
      );
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    expect(api.out.stdout).toContain('"url":"/privacy/leads?email=[redacted]"');
    expect(api.out.stdout).toContain(
      '"url":"/contact-us-request/contact-us-requests?q=[redacted]"',
    );
    expect(api.out.stdout).not.toMatch(/erased|Erased/);
  }, 60_000);
});
