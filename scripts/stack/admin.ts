/**
 * `npm run admin -- --email someone@example.com`: the compiled admin CLI (dist/cli/admin.js, built
 * by the npm script first) on the app's database: MONGODB_URI, or the embedded one, reused while
 * `npm run dev` runs and otherwise started for the duration. The CLI reads the password itself
 * (hidden prompt or stdin), so it gets this terminal.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';

import { ConfigError } from '../../nest/src/config/env.schema';

import { appDatabaseUri } from './app-database';
import { NoDatabaseError } from './embedded-database';

const CLI = 'dist/cli/admin.js';

async function main(): Promise<number> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build:api\` first`);
  const database = await appDatabaseUri();
  try {
    const cli = spawn(process.execPath, [CLI, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, MONGODB_URI: database.uri },
    });
    // A Ctrl-C reaches the CLI from the terminal; a signal sent to us alone is passed on. Either
    // way we wait for the CLI, so the database is stopped after it and never left behind.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.on(signal, () => cli.kill(signal));
    return await new Promise<number>((resolve) =>
      cli.once('exit', (code, signal) =>
        resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)),
      ),
    );
  } finally {
    await database.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof NoDatabaseError
        ? `Configuration error: ${error.message}`
        : `Failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
