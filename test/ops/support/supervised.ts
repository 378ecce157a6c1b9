import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '../../../scripts/stack/embedded-database';

import {
  descendants,
  isRunning,
  membersOfGroups,
  processTable,
  type ProcessInfo,
  type Role,
  rolesUnder,
} from './processes';

/**
 * `npm start` or `npm run dev`, run as a user runs it (through npm, in a process group of its own
 * as a terminal would make it), on a temporary DATA_DIR and free ports.
 */
export interface Supervised {
  /** The npm process; it leads the process group. */
  readonly pid: number;
  readonly apiUrl: string;
  readonly webUrl: string;
  readonly dataDir: string;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  readonly exited: Promise<Exit>;
  /** The exit, once there is one. */
  exit(): Exit | undefined;
  /** The process playing each role now. */
  roles(): Partial<Record<Role, ProcessInfo>>;
  /** Every process seen under the supervisor so far. */
  seen(): ProcessInfo[];
  /** Kills whatever is left, by PID and process group, and removes DATA_DIR. */
  destroy(): Promise<void>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export async function startSupervised(
  mode: 'start' | 'dev',
  env: NodeJS.ProcessEnv = {},
): Promise<Supervised> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ops-supervised-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const child: ChildProcess = spawn('npm', mode === 'dev' ? ['run', 'dev'] : ['start'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME } : {}),
      ...(process.env.FERRETDB_BIN ? { FERRETDB_BIN: process.env.FERRETDB_BIN } : {}),
      DATA_DIR: dataDir,
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      CORS_ORIGINS: webUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Production refuses to start without it (replicas must check each other's challenges).
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      // `npm start` runs as production, which would require a second factor to sign in.
      ADMIN_MFA: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid as number;
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve((exit = { code, signal, at: Date.now() }))),
  );

  const seen = new Map<number, ProcessInfo>();
  // Every process under npm is remembered, wrappers and helpers too, to check later that none of
  // them outlived the supervisor.
  const roles = () => {
    const table = processTable();
    for (const info of descendants(pid, table)) seen.set(info.pid, info);
    return rolesUnder(pid, table);
  };

  return {
    pid,
    apiUrl,
    webUrl,
    dataDir,
    output: () => text,
    exited,
    exit: () => exit,
    roles,
    seen: () => {
      roles();
      return [...seen.values()];
    },
    async destroy() {
      roles();
      const groups = new Set([pid, ...[...seen.values()].map((info) => info.pgid)]);
      for (const info of [...seen.values(), ...membersOfGroups(groups)]) {
        try {
          process.kill(info.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      if (!exit) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  app?: Supervised,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) {
      const tail = app ? `\n--- output ---\n${app.output().slice(-4000)}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The HTTP status of a GET, or 0 when nothing answers. */
export async function statusOf(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Started, and both servers answering. */
export async function whenServing(app: Supervised, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    'the API and the web server to answer',
    async () =>
      !app.exit() &&
      (await statusOf(`${app.apiUrl}/health`)) === 200 &&
      (await statusOf(`${app.webUrl}/`)) === 200,
    timeoutMs,
    app,
  );
  const roles = app.roles();
  for (const role of ['supervisor', 'db', 'api', 'web'] as const) {
    if (!roles[role]) throw new Error(`no ${role} process found under npm (pid ${app.pid})`);
  }
}

/** The supervisor's exit, or undefined if it has not exited within `ms`. */
export function exitWithin(app: Supervised, ms: number): Promise<Exit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([app.exited, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The command lines of whatever is still running among `processes` and in their process groups,
 * once they have had until `deadline` (epoch ms) to be gone.
 */
export async function leftRunning(processes: ProcessInfo[], deadline: number): Promise<string[]> {
  const groups = processes.map((info) => info.pgid);
  const left = () => [
    ...new Set(
      [...processes.filter((info) => isRunning(info.pid)), ...membersOfGroups(groups)].map(
        (info) => `${info.pid} ${info.argv.join(' ')}`,
      ),
    ),
  ];
  while (left().length && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return left();
}

/** Seconds since boot of a process's start, from its start ticks (100 per second on Linux). */
export function startSeconds(info: ProcessInfo): number {
  return info.startTicks / 100;
}

export function kill(pid: number, signal: NodeJS.Signals): void {
  process.kill(pid, signal);
}

export { isRunning };
