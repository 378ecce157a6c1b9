/**
 * `npm run dev` and `npm start`: the database (embedded unless MONGODB_URI is set), the API and the
 * web server as one command; output prefixed per process; one Ctrl-C stops everything, the database
 * last. Usage: tsx scripts/run-app.ts dev|start
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

import { ConfigError, parseEnvironment } from '../nest/src/config/env.schema';

import {
  type EmbeddedDatabase,
  NoDatabaseError,
  startEmbeddedDatabase,
} from './lib/embedded-database';

type Mode = 'dev' | 'start';

const COMMANDS: Record<Mode, Record<'api' | 'web', string[]>> = {
  dev: {
    api: ['npx', 'nest', 'start', '--watch', '--preserveWatchOutput'],
    web: ['npx', 'tsx', 'remix/server.ts'],
  },
  start: {
    api: ['node', 'dist/main.js'],
    web: ['node', 'build/web/server.mjs'],
  },
};

const COLOURS = { api: '\x1b[36m', web: '\x1b[35m', db: '\x1b[33m' } as const;

async function main(mode: Mode): Promise<void> {
  const env = parseEnvironment(process.env);
  let db: EmbeddedDatabase | undefined;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  if (!env.MONGODB_URI) {
    db = await startEmbeddedDatabase({ dataDir: env.DATA_DIR, log: (line) => print('db', line) });
    print('db', `${db.engine} on ${db.uri} (data in ${env.DATA_DIR}/db)`);
    childEnv.MONGODB_URI = db.uri;
  }
  childEnv.API_URL ??= `http://127.0.0.1:${env.API_PORT}`;
  if (mode === 'start') childEnv.NODE_ENV ??= 'production';

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Each child leads its own process group (npx → nest → node): signal the whole group, so no
    // grandchild outlives us holding a port.
    for (const child of children.values()) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
    await Promise.all(
      [...children.values()].map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
          ),
      ),
    );
    await db?.stop();
    process.exit(code);
  };

  if (mode === 'start' && !['dist/main.js', 'build/web/server.mjs'].every((f) => existsSync(f))) {
    print('web', 'no production build here: run `npm run build` first');
    return stopAll(1);
  }
  for (const name of ['api', 'web'] as const) {
    const [command, ...args] = COMMANDS[mode][name];
    // The web server always runs as production in `start`; the API follows NODE_ENV (see README).
    const env =
      name === 'web' && mode === 'start' ? { ...childEnv, NODE_ENV: 'production' } : childEnv;
    const child = spawn(command as string, args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.set(name, child);
    child.stdout?.on('data', (chunk: Buffer) => print(name, chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => print(name, chunk.toString()));
    child.once('exit', (code, signal) => {
      if (stopping) return;
      print(name, `exited (${signal ?? code}); stopping the others`);
      void stopAll(code ?? 1);
    });
  }
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
}

function print(name: keyof typeof COLOURS, text: string): void {
  const prefix = process.stdout.isTTY
    ? `${COLOURS[name]}${name.padEnd(3)}\x1b[0m │ `
    : `${name.padEnd(3)} │ `;
  for (const line of text.replace(/\n$/, '').split('\n'))
    process.stdout.write(`${prefix}${line}\n`);
}

const mode = process.argv[2];
if (mode !== 'dev' && mode !== 'start') {
  console.error('usage: tsx scripts/run-app.ts dev|start');
  process.exit(2);
}
main(mode).catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof NoDatabaseError
      ? `Configuration error: ${error.message}`
      : `Failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
