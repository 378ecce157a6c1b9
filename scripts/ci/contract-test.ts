/**
 * `npm run test:contract`: schemathesis checks the API against its own OpenAPI document. The built
 * API (with the web server, as the browser suite runs it) on a fresh embedded database, signed in
 * as the stack's admin; every check, a bounded number of examples per operation; exit code non-zero
 * on any failure. Python 3.12 runs schemathesis from a virtual environment made on first use.
 *
 *   npm run build && npm run test:contract [-- --max-examples 30]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { ADMINS_PATH, AUTH_PATHS } from '../../nest/src/contract';
import { startWebStack } from '../stack/web-stack';

const { values: args } = parseArgs({
  options: { 'max-examples': { type: 'string', default: '25' } },
});
const VENV = resolve('.cache/contract-venv');
const PYTHON = process.env.PYTHON ?? findPython();
/**
 * Calls that end the run's own session (logout, logout everywhere, a new password) or remove its
 * admin are left out of the generated run; their own e2e tests cover them.
 */
const EXCLUDED_PATHS = [
  AUTH_PATHS.logout,
  AUTH_PATHS.logoutAll,
  AUTH_PATHS.changePassword,
  `${ADMINS_PATH}/{id}`,
];
async function main(): Promise<void> {
  const schemathesis = ensureSchemathesis();
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
        '1',
        ...EXCLUDED_PATHS.flatMap((path) => ['--exclude-path', path]),
        '--suppress-health-check',
        'all',
      ],
      { stdio: 'inherit' },
    );
    code = await new Promise<number>((done) => run.on('exit', (c) => done(c ?? 1)));
  } finally {
    await stack.stop();
  }
  process.exit(code);
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
