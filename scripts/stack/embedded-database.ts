import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';

import { MongoClient } from 'mongodb';

import { buildFerretDb, ferretDbBinaryPath, hasGoToolchain } from './ferretdb-build';
import { makeDataDirPrivate } from './private-data-dir';

export const NO_DATABASE_MESSAGE =
  'No database available: set MONGODB_URI to a MongoDB server, put a `mongod` on PATH, or install Go so the embedded FerretDB can be built.';

export class NoDatabaseError extends Error {
  constructor() {
    super(NO_DATABASE_MESSAGE);
  }
}

export interface DatabaseExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface EmbeddedDatabase {
  /** Connection string without a database name (a Unix socket's, `mongodb://%2F…sock/`, for FerretDB). */
  readonly uri: string;
  readonly engine: 'mongod' | 'ferretdb';
  /** The TCP port; 0 when the server listens on a Unix socket only. */
  readonly port: number;
  /** False when another process of ours already runs the database on this data directory. */
  readonly owned: boolean;
  /** The server's process id. */
  readonly pid: number;
  /** Settles when a server we own exits, however it ends (never for one we reuse). */
  readonly exited: Promise<DatabaseExit>;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** The app's DATA_DIR; the database keeps its files in `<dataDir>/db`. */
  dataDir: string;
  /** Fixed port (tests that restart the server want the same one); default: a free one. */
  port?: number;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Aborting stops a start in progress (the server it spawned included) and rejects. */
  signal?: AbortSignal;
}

/** Written next to the data so a second process (CLI, seeder) can reuse a running database. */
interface LockFile {
  ownerPid: number;
  serverPid: number;
  port: number;
  /** Absent in locks written before the socket. */
  uri?: string;
  engine: EmbeddedDatabase['engine'];
}

/** Longest Unix socket path Linux takes (sun_path is 108 bytes with its NUL), with some room. */
const MAX_SOCKET_PATH = 100;

const READY_TIMEOUT_MS = 30_000;

/**
 * Starts the development/test database: a real `mongod` when one is on PATH, otherwise FerretDB on
 * SQLite (built on first use). If a live process of ours already serves this data directory, its
 * server is reused instead of starting a second one on the same files.
 *
 * Neither engine asks clients for credentials here, so the data stays this user's by the file
 * system: DATA_DIR is made 0700 (files 0600, the server writes under umask 077), and FerretDB
 * listens only on a Unix socket inside it, which no other user can open. `mongod` listens on
 * 127.0.0.1, as does FerretDB when the socket's path would be too long for the kernel.
 */
export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions,
): Promise<EmbeddedDatabase> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = resolve(options.dataDir, 'db');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await makeDataDirPrivate(resolve(options.dataDir));
  const lockPath = join(dir, 'server.json');

  const existing = await readLock(lockPath);
  if (existing) {
    if (isAlive(existing.ownerPid) && isAlive(existing.serverPid)) {
      return {
        uri: existing.uri ?? tcpUri(existing.port),
        engine: existing.engine,
        port: existing.port,
        owned: false,
        pid: existing.serverPid,
        exited: new Promise<DatabaseExit>(() => undefined),
        stop: async () => undefined,
      };
    }
    // The owner died without stopping its server (e.g. SIGKILL): stop the orphan, it holds our files.
    if (isAlive(existing.serverPid)) await killAndWait(existing.serverPid);
    await rm(lockPath, { force: true });
  }

  const mongod = findOnPath('mongod', env);
  const socket = join(dir, 'ferretdb.sock');
  const onSocket = !mongod && Buffer.byteLength(socket) <= MAX_SOCKET_PATH;
  const port = onSocket ? 0 : options.port || (await freePort());
  let child: ChildProcess;
  let engine: EmbeddedDatabase['engine'];
  if (mongod) {
    engine = 'mongod';
    const dbPath = join(dir, 'mongod');
    await mkdir(dbPath, { recursive: true, mode: 0o700 });
    child = spawnLogged(
      mongod,
      ['--dbpath', dbPath, '--bind_ip', '127.0.0.1', '--port', String(port)],
      dir,
    );
  } else {
    engine = 'ferretdb';
    const binary = await ensureFerretDb(env, log, options.signal);
    const sqliteDir = join(dir, 'sqlite');
    await mkdir(sqliteDir, { recursive: true, mode: 0o700 });
    // A socket left by a server that was killed would make the new one fail to listen.
    if (onSocket) await rm(socket, { force: true });
    child = spawnLogged(
      binary,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${sqliteDir}/`,
        // An empty TCP address turns TCP off: only the socket, in a directory only we can enter.
        ...(onSocket
          ? ['--listen-addr=', `--listen-unix=${socket}`]
          : [`--listen-addr=127.0.0.1:${port}`]),
        '--debug-addr=-',
        `--state-dir=${dir}`,
        '--telemetry=disable',
        '--log-level=warn',
      ],
      dir,
    );
  }

  const exited = new Promise<DatabaseExit>((res) =>
    child.once('exit', (code, signal) => res({ code, signal })),
  );
  const uri = onSocket ? socketUri(socket) : tcpUri(port);
  try {
    await Promise.race([
      waitUntilReady(uri, options.signal),
      exited.then(({ code, signal }) => {
        throw new Error(
          `${engine} exited (${signal ?? `code ${code}`}) during start-up; see ${join(dir, 'server.log')}`,
        );
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }

  const lock: LockFile = { ownerPid: process.pid, serverPid: child.pid ?? -1, port, uri, engine };
  await writeFile(lockPath, JSON.stringify(lock), { mode: 0o600 });

  let stopping: Promise<void> | undefined;
  return {
    uri,
    engine,
    port,
    owned: true,
    pid: child.pid ?? -1,
    exited,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
        await rm(lockPath, { force: true });
      })()),
  };
}

async function ensureFerretDb(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const binary = ferretDbBinaryPath(env);
  if (existsSync(binary)) return binary;
  if (!(await hasGoToolchain())) throw new NoDatabaseError();
  log(`Building the embedded database (FerretDB) into ${binary}; first run only, about a minute…`);
  await buildFerretDb(binary, signal);
  log('Embedded database built.');
  return binary;
}

function spawnLogged(command: string, args: string[], dir: string): ChildProcess {
  const fd = openSync(join(dir, 'server.log'), 'a', 0o600);
  try {
    // detached: a Ctrl-C in the terminal goes to our process group only; we stop the server ourselves,
    // after the app has closed its connections. The shell sets umask 077 (files the server creates
    // are 0600) and execs the server, so the child's pid is the server's.
    return spawn('/bin/sh', ['-c', 'umask 077 && exec "$0" "$@"', command, ...args], {
      stdio: ['ignore', fd, fd],
      detached: true,
    });
  } finally {
    closeSync(fd);
  }
}

async function waitUntilReady(uri: string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    signal?.throwIfAborted();
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`database not ready after ${READY_TIMEOUT_MS} ms: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await client.close().catch(() => undefined);
    }
  }
}

function tcpUri(port: number): string {
  return `mongodb://127.0.0.1:${port}/`;
}

function socketUri(path: string): string {
  return `mongodb://${encodeURIComponent(path)}/`;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.unref();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => res(port));
    });
  });
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

async function readLock(path: string): Promise<LockFile | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as LockFile;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killAndWait(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
