/**
 * `npm run check:production` (CI, after `npm run build`): does the built product run on production
 * dependencies alone, as the Docker image has them?
 *   1. Every package the built API, admin CLI and web server import at run time is in
 *      `dependencies`, and every entry of `dependencies` is imported (or a peer of one that is).
 *   2. In a scratch copy of package.json, the lock file, dist/ and build/: `npm ci --omit=dev`,
 *      then the API and the web server start from there on the embedded database and answer
 *      /health, / and /super-secret-admin, and the admin CLI creates an admin.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startWebStack } from '../stack/web-stack';

import { runtimePackages, withPeers } from './runtime-imports';

const ENTRIES = [
  'dist/main.js',
  'dist/cli/admin.js',
  'build/web/server.mjs',
  // server.mjs imports the Remix build by a computed path, so it is an entry of its own.
  'build/web/server/index.mjs',
];
/** Imported only on a development code path, never in production. */
const DEVELOPMENT_ONLY: Record<string, string> = {
  vite: 'remix/server/index.ts imports it only when NODE_ENV=development',
};
const COPIED = ['package.json', 'package-lock.json', 'dist', 'build'];

async function checkDeclarations(): Promise<string[]> {
  const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const imported = await runtimePackages(ENTRIES);
  const problems: string[] = [];
  for (const [name, { kinds }] of imported) {
    if (!declared.has(name) && !DEVELOPMENT_ONLY[name])
      problems.push(
        `${name} is imported at run time (${[...kinds].join(', ')}) but not listed in dependencies`,
      );
  }
  const needed = withPeers(
    [...imported.keys()].filter((name) => !DEVELOPMENT_ONLY[name]),
    declared,
  );
  for (const name of declared) {
    if (!needed.has(name))
      problems.push(`${name} is listed in dependencies but nothing imports it at run time`);
  }
  console.log(
    `run-time packages: ${[...needed].sort().join(', ')} (development only: ${Object.keys(DEVELOPMENT_ONLY).join(', ')})`,
  );
  return problems;
}

function run(command: string, args: string[], cwd: string, input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(input ?? '');
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

async function checkInstall(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'production-install-'));
  try {
    for (const item of COPIED) await cp(item, join(scratch, item), { recursive: true });
    let started = Date.now();
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], scratch);
    console.log(`npm ci --omit=dev: ${seconds(started)}`);

    started = Date.now();
    const stack = await startWebStack({ cwd: scratch });
    try {
      for (const url of [
        `${stack.apiUrl}/health`,
        `${stack.webUrl}/`,
        `${stack.webUrl}/super-secret-admin`,
      ]) {
        const res = await fetch(url, { redirect: 'manual' });
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        console.log(`${url}: ${res.status}`);
      }
      await new Promise<void>((resolve, reject) => {
        const cli = spawn(
          process.execPath,
          ['dist/cli/admin.js', '--email', 'production-check@example.com'],
          {
            cwd: scratch,
            env: {
              PATH: process.env.PATH,
              NODE_ENV: 'production',
              JWT_SECRET: randomBytes(32).toString('hex'),
              ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
              MONGODB_URI: stack.mongoUri,
            },
            stdio: ['pipe', 'inherit', 'inherit'],
          },
        );
        cli.stdin.end(randomBytes(12).toString('base64url'));
        cli.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`admin CLI exited ${code}`)),
        );
      });
    } finally {
      await stack.stop();
    }
    console.log(`started, answered and stopped from the production install: ${seconds(started)}`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const missing = ENTRIES.filter((entry) => !existsSync(entry));
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: run \`npm run build\` first`);
  const problems = await checkDeclarations();
  if (problems.length) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    process.exit(1);
  }
  await checkInstall();
  console.log('✓ the build runs on production dependencies alone');
}

main().catch((error: unknown) => {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
