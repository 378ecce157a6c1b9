/**
 * `npm run bench`: every benchmark of the built product, one after another, each writing its
 * report (with its own chart) under `--out`.
 *
 *   npm run bench                                     # the embedded default, its documented sizes
 *   MONGODB_URI=mongodb://… npm run bench -- --engine indexed --sizes 1000,100000,1000000
 *
 * `--engine indexed` needs MONGODB_URI on an engine with indexes (FerretDB 2 with DocumentDB,
 * MongoDB), and refuses the embedded one; each benchmark makes its own database there and refuses
 * one that holds data it did not seed (scripts/stack/stack-database.ts).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

import { MongoClient } from 'mongodb';

import { engineFacts } from '../../nest/src/database/database-engine';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'embedded' },
    sizes: { type: 'string' },
    requests: { type: 'string', default: '30' },
    out: { type: 'string' },
  },
});

/** What runs on each engine: the growth run is the embedded default's (issue 36's targets). */
function plan(indexed: boolean, sizes: string | undefined, out: string): string[][] {
  const common = ['--requests', args.requests, '--out', out];
  const sized = sizes ? ['--sizes', sizes] : [];
  const largest = sizes ? String(Math.max(...sizes.split(',').map(Number))) : undefined;
  return [
    ['bench:inbox', ...sized, ...common],
    ['bench:insights', ...sized, ...common],
    ['bench:queue', ...(largest && !indexed ? ['--per-kind', largest] : []), ...common],
    ...(indexed ? [] : [['bench:growth', '--out', out]]),
    ['bench:landing', '--out', out],
  ];
}

async function engineIsIndexed(uri: string): Promise<boolean> {
  const client = await new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    return !engineFacts(await client.db().admin().command({ buildInfo: 1 })).wholeCollection;
  } finally {
    await client.close();
  }
}

async function main(): Promise<number> {
  if (args.engine !== 'embedded' && args.engine !== 'indexed')
    return refuse('--engine must be embedded or indexed');
  const indexed = args.engine === 'indexed';
  const uri = process.env.MONGODB_URI;
  if (indexed && !uri) return refuse('--engine indexed measures MONGODB_URI: set it');
  if (!indexed && uri) return refuse('MONGODB_URI is set: unset it, or pass --engine indexed');
  if (indexed && uri && !(await engineIsIndexed(uri)))
    return refuse(`${uri} is an engine without indexes (FerretDB 1.x): not --engine indexed`);
  const out = args.out ?? (indexed ? 'reports/bench/indexed' : 'reports/bench');
  for (const step of [['build'], ...plan(indexed, args.sizes, out)]) {
    const [script, ...rest] = step as [string, ...string[]];
    console.log(`\n=== npm run ${script}${rest.length ? ` -- ${rest.join(' ')}` : ''}`);
    const run = spawnSync('npm', ['run', '-s', script, ...(rest.length ? ['--', ...rest] : [])], {
      stdio: 'inherit',
    });
    if (run.status !== 0)
      return refuse(`npm run ${script} failed (exit ${run.status ?? run.signal})`);
  }
  return 0;
}

function refuse(message: string): number {
  console.error(`bench: ${message}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
