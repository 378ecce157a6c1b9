/**
 * `npm test`: every check and suite, in order of cost, stopping at the first that fails, then one
 * closing line that counts what ran, in Jest's shape: `Tests:       [F failed, ]P passed, T total`.
 * Each runner prints its own summary
 * on the way (Jest's, schemathesis's); this line adds them up from their machine-readable results
 * (Jest's `--json` report, the contract run's own `Contract: N passed, M failed`), so the last thing
 * a reader or CI sees is the whole run's count, never one runner's summary taken for the whole.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

interface Step {
  script: string;
  /** How the step's tests are counted: a Jest project run, a contract run, or not at all (a check). */
  count?: 'jest' | 'contract';
}

const STEPS: Step[] = [
  { script: 'lint' },
  { script: 'format:check' },
  { script: 'typecheck' },
  { script: 'test:unit', count: 'jest' },
  { script: 'test:api', count: 'jest' },
  { script: 'build' },
  { script: 'check:production' },
  { script: 'test:contract', count: 'contract' },
  { script: 'test:ops', count: 'jest' },
  { script: 'test:web', count: 'jest' },
];

const RESULTS_DIR = join('test-results', 'runs');
const CONTRACT_LINE = /^Contract: (\d+) passed, (\d+) failed/m;

interface Tally {
  passed: number;
  failed: number;
}

async function main(): Promise<void> {
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  mkdirSync(RESULTS_DIR, { recursive: true });
  const tally: Tally = { passed: 0, failed: 0 };
  const started = Date.now();
  for (const step of STEPS) {
    const t0 = Date.now();
    const { code, output } = await run(step);
    const counted = countOf(step, output);
    tally.passed += counted.passed;
    tally.failed += counted.failed;
    const seconds = ((Date.now() - t0) / 1000).toFixed(0);
    console.log(
      `\n--- npm run ${step.script}: ${code === 0 ? 'ok' : `exit ${code}`} (${seconds} s)`,
    );
    if (code !== 0) {
      // A step that failed before its runner could count anything is still a failure.
      if (counted.failed === 0) tally.failed += 1;
      finish(tally, started, `stopped at ${step.script}`);
      process.exit(code);
    }
  }
  finish(tally, started, `${STEPS.length} steps`);
}

function run(step: Step): Promise<{ code: number; output: string }> {
  const args = ['run', '-s', step.script];
  if (step.count === 'jest') args.push('--', '--json', `--outputFile=${resultFile(step)}`);
  console.log(`\n=== npm run ${step.script}`);
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (step.count === 'contract') output += chunk.toString('utf8');
  });
  return new Promise((done) =>
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output })),
  );
}

function resultFile(step: Step): string {
  return join(RESULTS_DIR, `${step.script.replace(/\W/g, '-')}.json`);
}

function countOf(step: Step, output: string): Tally {
  if (step.count === 'jest') {
    try {
      const report = JSON.parse(readFileSync(resultFile(step), 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
      };
      return { passed: report.numPassedTests, failed: report.numFailedTests };
    } catch {
      return { passed: 0, failed: 0 }; // no report: the step's exit code tells
    }
  }
  if (step.count === 'contract') {
    const match = CONTRACT_LINE.exec(output);
    if (match) return { passed: Number(match[1]), failed: Number(match[2]) };
  }
  return { passed: 0, failed: 0 };
}

function finish(tally: Tally, started: number, what: string): void {
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nnpm test: ${what} in ${minutes} min (Jest tests and contract cases below)`);
  console.log(testsLine(tally));
}

/** Jest's own summary shape, so any reader of Jest output counts the whole run from the last line. */
function testsLine({ passed, failed }: Tally): string {
  const parts = [
    failed > 0 ? `${failed} failed` : '',
    `${passed} passed`,
    `${passed + failed} total`,
  ];
  return `Tests:       ${parts.filter(Boolean).join(', ')}`;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log(testsLine({ passed: 0, failed: 1 }));
  process.exit(1);
});
