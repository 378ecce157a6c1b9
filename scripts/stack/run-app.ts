/**
 * `npm run dev` and `npm start`: the database (embedded unless MONGODB_URI is set), the API and the
 * web server, supervised as one command (scripts/stack/supervisor.ts): output prefixed per process,
 * a process that dies restarted with backoff, one Ctrl-C stops everything, the database last.
 * `dev` also runs the TypeScript compiler in watch mode and restarts the API on each clean build,
 * and pretty-prints the API's JSON logs. Usage: node --import tsx scripts/stack/run-app.ts dev|start
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';

import { bootstrapAdminOf, resolveDataDir } from '../../nest/src/config/app-config';
import {
  ConfigError,
  type EnvironmentVariables,
  parseEnvironment,
} from '../../nest/src/config/env.schema';
import { parseWebEnv } from '../../remix/config/env.server';

import { NoDatabaseError, startEmbeddedDatabase } from './embedded-database';
import { prettyLogLine, printLine } from './prefixed-output';
import { spawnService } from './spawn-service';
import { summaryLines, whenAnswering } from './start-up-summary';
import { type Running, type ServiceDefinition, Supervisor } from './supervisor';

type Mode = 'dev' | 'start';

const BUILT = ['dist/main.js', 'build/web/server.mjs'];
const GRACE_MS = 4_000;
/** tsc --watch says this after each build that had no errors. */
const CLEAN_BUILD = /Found 0 errors\. Watching for file changes\./;

function main(mode: Mode): void {
  const env = parseEnvironment(process.env);
  if (mode === 'start') {
    const missing = BUILT.filter((file) => !existsSync(file));
    if (missing.length)
      throw new ConfigError(
        `no production build (${missing.join(', ')}): run \`npm run build\` first`,
      );
  }
  const log = (line: string) => printLine('run', line);

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  childEnv.API_URL ??= `http://127.0.0.1:${env.API_PORT}`;
  if (mode === 'start') childEnv.NODE_ENV ??= 'production';
  // Our own loader setting (the npm script's) is for this script, not for the web server's tsx.
  delete childEnv.TSX_TSCONFIG_PATH;

  let databaseUri = env.MONGODB_URI;
  let databasePort: number | undefined;
  const services: ServiceDefinition[] = [];

  if (!env.MONGODB_URI) {
    // Our own database serves this one API process: its limits may count in memory.
    childEnv.RATE_LIMIT_STORE ??= 'memory';
    services.push({
      name: 'db',
      async start(signal): Promise<Running> {
        // The same port every time: the running API keeps its URI and reconnects by itself.
        const db = await startEmbeddedDatabase({
          dataDir: env.DATA_DIR,
          port: databasePort,
          log: (line) => printLine('db', line),
          signal,
        });
        databasePort = db.port;
        databaseUri = db.uri;
        printLine(
          'db',
          db.owned
            ? `${db.engine} on ${db.uri} (data in ${env.DATA_DIR}/db)`
            : `${db.engine} on ${db.uri}: already run by another process of ours, not supervised here`,
        );
        return { pid: db.pid, exited: db.exited, stop: () => db.stop() };
      },
    });
  }

  let restartApiOnBuild = () => {};
  if (mode === 'dev') {
    services.push({
      name: 'tsc',
      async start(signal) {
        signal.throwIfAborted();
        // As `nest start` did: no stale output from deleted sources.
        await rm('dist', { recursive: true, force: true });
        let built!: () => void;
        const firstBuild = new Promise<void>((resolve) => (built = resolve));
        let builds = 0;
        const tsc = await spawnService(
          process.execPath,
          [
            'node_modules/typescript/bin/tsc',
            '-p',
            'tsconfig.nest.json',
            '--watch',
            '--preserveWatchOutput',
          ],
          {
            env: childEnv,
            graceMs: GRACE_MS,
            onLine(line) {
              if (line.trim()) printLine('tsc', line);
              if (!CLEAN_BUILD.test(line)) return;
              if (builds++ === 0) built();
              else restartApiOnBuild();
            },
          },
        );
        const stopped = new Promise<never>((_, reject) => {
          const stop = () => reject(new Error('stopped'));
          if (signal.aborted) stop();
          else signal.addEventListener('abort', stop, { once: true });
          void tsc.exited.then(() => reject(new Error('tsc ended before its first build')));
        });
        // The API starts from the first clean build; fix the errors tsc prints to get there.
        await Promise.race([firstBuild, stopped]).catch(async (error: unknown) => {
          await tsc.stop();
          throw error;
        });
        return tsc;
      },
    });
  }

  const prettify = mode === 'dev' ? prettyLogLine() : (line: string) => line;
  services.push({
    name: 'api',
    after: [...(env.MONGODB_URI ? [] : ['db']), ...(mode === 'dev' ? ['tsc'] : [])],
    start: () =>
      spawnService(
        process.execPath,
        [...(mode === 'dev' ? ['--enable-source-maps'] : []), 'dist/main.js'],
        {
          env: { ...childEnv, MONGODB_URI: databaseUri },
          graceMs: GRACE_MS,
          onLine: (line, stream) => printLine('api', stream === 'stdout' ? prettify(line) : line),
        },
      ),
  });

  services.push({
    name: 'web',
    start: () =>
      spawnService(
        process.execPath,
        mode === 'dev' ? ['--import', 'tsx', 'remix/server/index.ts'] : ['build/web/server.mjs'],
        {
          // The web server always runs as production in `start`; the API follows NODE_ENV (README).
          env: mode === 'start' ? { ...childEnv, NODE_ENV: 'production' } : childEnv,
          graceMs: GRACE_MS,
          onLine: (line) => printLine('web', line),
        },
      ),
  });

  const supervisor = new Supervisor(services, log);
  restartApiOnBuild = () => supervisor.restart('api');
  process.on('uncaughtException', (error) => {
    log(`supervisor error: ${error.stack ?? error.message}`);
    void supervisor.shutdown(1, 'supervisor error');
  });
  log(`supervisor pid ${process.pid}; Ctrl-C stops everything`);
  supervisor.start();
  void announceWhenReady(env, childEnv, () => supervisor.isStopping()).catch(() => undefined);
}

/** Ends the start-up output with where everything is and how to sign in (start-up-summary.ts). */
async function announceWhenReady(
  env: EnvironmentVariables,
  childEnv: NodeJS.ProcessEnv,
  stopped: () => boolean,
): Promise<void> {
  const web = parseWebEnv(childEnv);
  const webUrl = `http://${web.WEB_HOST}:${web.WEB_PORT}`;
  const apiUrl = `http://${env.API_HOST}:${env.API_PORT}`;
  // The API first: its log line for this probe then comes before the summary, not after it.
  await whenAnswering([`${apiUrl}/health`, `${webUrl}/robots.txt`], stopped);
  // Read as the API read it, now that it has started (and so generated the demo password, if any).
  const apiEnv = parseEnvironment(childEnv);
  const admin = bootstrapAdminOf(apiEnv, resolveDataDir(apiEnv.DATA_DIR));
  const email = { smtpUrl: apiEnv.SMTP_URL, notifyEmail: apiEnv.NOTIFY_EMAIL };
  for (const line of summaryLines({ webUrl, apiUrl, admin, email })) printLine('run', line);
}

const mode = process.argv[2];
if (mode !== 'dev' && mode !== 'start') {
  console.error('usage: node --import tsx scripts/stack/run-app.ts dev|start');
  process.exit(2);
}
try {
  main(mode);
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof NoDatabaseError
      ? `Configuration error: ${error.message}`
      : `Failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
