/**
 * `npm run test:contract`: schemathesis checks the API against its own OpenAPI document. The built
 * API (with the web server, as the browser suite runs it) on a fresh embedded database, signed in
 * as the stack's admin; every check, at least 50 examples per operation, a fresh seed each run
 * (printed with the command that replays it); exit code non-zero on any failure. Python 3.12 runs
 * schemathesis from a virtual environment made on first use. The operations left out, and every
 * refusal a JSON Schema cannot express, are in scripts/ci/contract/schemathesis.toml with reasons.
 *
 *   npm run build && npm run test:contract [-- --seed N] [-- --max-examples N]
 *
 * The last line is `Contract: N passed, M failed`, counted from schemathesis's own JSON report.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';

import { AUTH_PATHS } from '../../nest/src/contract';
import { startWebStack } from '../stack/web-stack';

import { contractLine, readSummary } from './contract/summary';

const MIN_EXAMPLES = 50;
const { values: args } = parseArgs({
  options: {
    'max-examples': { type: 'string', default: String(MIN_EXAMPLES) },
    seed: { type: 'string' },
  },
});
const VENV = resolve('.cache/contract-venv');
const PYTHON = process.env.PYTHON ?? findPython();

async function main(): Promise<void> {
  const seed = args.seed ?? String(randomInt(0, 2 ** 32));
  if (!/^\d+$/.test(seed)) throw new Error(`--seed must be a whole number, not ${seed}`);
  if (!/^\d+$/.test(args['max-examples'])) throw new Error('--max-examples must be a whole number');
  const replay = `npm run -s build && npm run test:contract -- --seed ${seed} --max-examples ${args['max-examples']}`;
  console.log(`Contract seed ${seed}; replay with: ${replay}`);

  const schemathesis = ensureSchemathesis();
  const reportDir = await mkdtemp(join(tmpdir(), 'contract-report-'));
  const reportPath = join(reportDir, 'report.json');
  const stack = await startWebStack({
    // Generated requests come from one address as fast as they can: the throttles' own settings
    // for the run, not a hole in the product (defaults unchanged, tested in the API suite).
    apiEnv: {
      INTAKE_RATE_LIMIT: '1000000',
      LOGIN_LIMIT_PER_ADDRESS_AND_ACCOUNT: '1000000',
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      LOGIN_DELAY_MAX_MS: '0',
      LOG_LEVEL: 'warn',
    },
    log: (line) => {
      if (/error|fail/i.test(line)) console.log(line);
    },
  });
  let code = 1;
  let sessionHeld = false;
  try {
    const login = await fetch(`${stack.apiUrl}${AUTH_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(stack.admin),
    });
    const { token } = (await login.json()) as { token: string };
    const run = spawn(
      schemathesis,
      [
        '--config-file',
        'scripts/ci/contract/schemathesis.toml',
        'run',
        `${stack.apiUrl}/docs-json`,
        '--url',
        stack.apiUrl,
        '--header',
        `Authorization: Bearer ${token}`,
        '--max-examples',
        args['max-examples'],
        '--seed',
        seed,
        '--report',
        'json',
        '--report-json-path',
        reportPath,
        '--suppress-health-check',
        'all',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    relayWithoutBanners(run.stdout);
    code = await new Promise<number>((done) => run.on('close', (c) => done(c ?? 1)));
    // A run whose session ended midway tested little after that point, however green it looks.
    const check = await fetch(`${stack.apiUrl}${AUTH_PATHS.checkToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    sessionHeld = ((await check.json()) as { success: boolean }).success;
  } finally {
    await stack.stop();
  }
  const summary = await readSummary(await readFile(reportPath, 'utf8').catch(() => null));
  await rm(reportDir, { recursive: true, force: true });
  if (!sessionHeld)
    console.log(
      "The run's own session ended before its end: an operation that ends it is in the run",
    );
  const failed = code !== 0 || summary.failed > 0 || !sessionHeld;
  if (failed) console.log(`Contract seed ${seed}; replay with: ${replay}`);
  console.log(contractLine(summary, code));
  process.exit(failed ? code || 1 : 0);
}

/**
 * Schemathesis closes with pytest's banner (`=== 3 warnings in 82.96s ===`). A log reader that knows
 * pytest takes that for "pytest ran and nothing passed", so the banners are relayed as plain rules;
 * every other line passes through unchanged.
 */
function relayWithoutBanners(stream: Readable): void {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const banner = /^=+ (.*?) =+$/.exec(line);
    console.log(banner ? `--- ${banner[1]} ---` : line);
  });
}

function findPython(): string {
  // 3.11 (Debian 12's python3) crashed schemathesis; pyenv puts 3.12 under its root, not on PATH.
  const pyenvVersions = join(process.env.PYENV_ROOT ?? join(homedir(), '.pyenv'), 'versions');
  const pyenvBuilds = existsSync(pyenvVersions)
    ? readdirSync(pyenvVersions)
        .filter((version) => version.startsWith('3.12'))
        .map((version) => join(pyenvVersions, version, 'bin/python3.12'))
    : [];
  for (const candidate of ['python3.12', ...pyenvBuilds])
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  throw new Error('Python 3.12 is needed for schemathesis (set PYTHON)');
}

/** The pinned schemathesis in a virtual environment of the project's own. */
function ensureSchemathesis(): string {
  const bin = join(VENV, 'bin/schemathesis');
  const run = (cmd: string, argv: string[]) => {
    const result = spawnSync(cmd, argv, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed`);
  };
  if (!existsSync(join(VENV, 'bin/python'))) run(PYTHON, ['-m', 'venv', VENV]);
  run(join(VENV, 'bin/pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '-r',
    'scripts/ci/contract/requirements.txt',
  ]);
  return bin;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
