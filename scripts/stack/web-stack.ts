import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type EmbeddedDatabase, freePort, startEmbeddedDatabase } from './embedded-database';
import { claimNewDatabase, reuseStackDatabase } from './stack-database';

/**
 * The whole product as a visitor meets it: the embedded database (or MONGODB_URI), the built API
 * (`dist/main.js`) and the built web server (`build/web/server.mjs`), each a real process on
 * 127.0.0.1 with production settings. Used by the browser suite and the Lighthouse script.
 */
export interface WebStack {
  webUrl: string;
  apiUrl: string;
  /** Process ids of the API and the web server (for measurements of their memory). */
  pids: { api: number | undefined; web: number | undefined };
  mongoUri: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

export interface WebStackOptions {
  /** Extra environment for the API (e.g. a higher INTAKE_RATE_LIMIT). */
  apiEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Where the build (and its node_modules) is: a production-only install, say. Default: here. */
  cwd?: string;
  /**
   * A database of MONGODB_URI to use as it is (a benchmark's seeded leads, measured again without
   * seeding them again); default, a new one.
   */
  database?: string;
}

const BUILT = ['dist/main.js', 'build/web/server.mjs'];

export async function startWebStack(options: WebStackOptions = {}): Promise<WebStack> {
  const cwd = options.cwd ?? process.cwd();
  const missing = BUILT.filter((file) => !existsSync(join(cwd, file)));
  if (missing.length) throw new Error(`Build first (npm run build): missing ${missing.join(', ')}`);
  const log = options.log ?? (() => {});

  const dataDir = await mkdtemp(join(tmpdir(), 'web-stack-'));
  let db: EmbeddedDatabase | undefined;
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await db?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const dbName = options.database ?? `web_${randomBytes(4).toString('hex')}`;
    if (options.database && !process.env.MONGODB_URI)
      throw new Error('a database to reuse is one of MONGODB_URI: set it');
    let mongoUri: string;
    if (process.env.MONGODB_URI) {
      mongoUri = withDatabase(process.env.MONGODB_URI, dbName);
    } else {
      db = await startEmbeddedDatabase({ dataDir, log });
      mongoUri = withDatabase(db.uri, dbName);
    }
    const admin = { email: 'admin@example.com', password: randomBytes(12).toString('base64url') };
    if (options.database) await reuseStackDatabase(mongoUri, admin.email);
    else if (process.env.MONGODB_URI) await claimNewDatabase(mongoUri);
    const [apiPort, webPort] = [await freePort(), await freePort()];
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const webUrl = `http://localhost:${webPort}`;
    const base = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };

    children.push(
      spawnLogged('api', ['dist/main.js'], cwd, log, {
        ...base,
        API_PORT: String(apiPort),
        MONGODB_URI: mongoUri,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        CORS_ORIGINS: webUrl,
        // The passkeys' relying party and origin derive from it (localhost: a secure context).
        WEB_URL: webUrl,
        // The stack's suites sign in with the password alone (NODE_ENV=production would require a
        // second factor); test/api/mfa.e2e-spec.ts covers ADMIN_MFA=required.
        ADMIN_MFA: 'optional',
        ...options.apiEnv,
      }),
    );
    await waitFor(`${apiUrl}/health`, children);
    children.push(
      spawnLogged('web', ['build/web/server.mjs'], cwd, log, {
        ...base,
        WEB_PORT: String(webPort),
        API_URL: apiUrl,
        SITE_URL: webUrl,
      }),
    );
    await waitFor(`${webUrl}/robots.txt`, children);
    return {
      webUrl,
      apiUrl,
      mongoUri,
      admin,
      pids: { api: children[0]?.pid, web: children[1]?.pid },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function withDatabase(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

function spawnLogged(
  name: string,
  args: string[],
  cwd: string,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => log(`${name} │ ${line}`));
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

async function waitFor(url: string, children: ChildProcess[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = children.find((child) => child.exitCode !== null);
    if (dead) throw new Error(`${dead.spawnargs.join(' ')} exited with ${dead.exitCode}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
