/**
 * `npm run bench:queue`: the queue (`GET /leads`, issue 32) at a number of leads per kind, through
 * the built product's HTTP API as the queue page calls it: the first page, the next page, the
 * first page after another process wrote, due soonest, and a search. Writes
 * reports/bench/queue.{json,md}. Targets (p95): 100 ms at 10,000 leads per kind on the embedded
 * default; 50 ms at 100,000 on an indexed engine (MONGODB_URI). A run at another size says so.
 *
 *   npm run build && npm run bench:queue [-- --per-kind 10000 --requests 30]
 *
 * `--database <name>`: measure a database of MONGODB_URI a run before seeded (it prints its name),
 * seeding only what it lacks, so a run at 100,000 per kind can be repeated without an hour of
 * inserts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { MongoClient } from 'mongodb';

import { leadKindList, QUEUE_PATH, type QueueResponse } from '../../nest/src/contract';
import { startWebStack } from '../stack/web-stack';

import { call, engineOf, signIn } from './api-session';
import { benchServerLog, loadNow, seedLeads } from './bench-stack';
import { type Latency, timeEach } from './stats';

const { values: args } = parseArgs({
  options: {
    'per-kind': { type: 'string', default: process.env.MONGODB_URI ? '100000' : '10000' },
    requests: { type: 'string', default: '30' },
    out: { type: 'string', default: 'reports/bench' },
    database: { type: 'string' },
  },
});
const PER_KIND = Number(args['per-kind']);
const REQUESTS = Number(args.requests);
const TARGETS = { embedded: { at: 10_000, p95: 100 }, indexed: { at: 100_000, p95: 50 } };
const SEEDED = { days: 365, archivedRatio: 0.1 };

async function main(): Promise<void> {
  const stack = await startWebStack({
    apiEnv: { LOG_LEVEL: 'warn' },
    log: benchServerLog,
    database: args.database,
  });
  const client = await new MongoClient(stack.mongoUri).connect();
  try {
    const db = client.db();
    const engine = await engineOf(db);
    console.log(`Engine: ${engine.name}; database ${db.databaseName}; load ${loadNow()}`);
    for (const kind of leadKindList) {
      const missing = PER_KIND - (await db.collection(kind.collection).countDocuments());
      if (missing > 0) await seedLeads(db, kind, missing, SEEDED);
    }
    const { token } = await signIn(stack);
    const headers = { authorization: `Bearer ${token}` };
    const api = (query: string) => call(`${stack.apiUrl}${QUEUE_PATH}${query}`, { headers });
    const cursorOf = async (query: string) => {
      const res = await fetch(`${stack.apiUrl}${QUEUE_PATH}${query}`, { headers });
      return ((await res.json()) as QueueResponse).nextCursor ?? '';
    };
    // Another API process's write, as this one sees it: every kind's totals' version moves on.
    const otherProcessWrote = async () => {
      await db.collection('lead_totals').updateMany({}, { $inc: { version: 1 } });
    };
    const measures: Record<string, Latency> = {};
    const measure = async (
      name: string,
      run: () => Promise<Latency>,
      warm?: () => Promise<void>,
    ) => {
      await warm?.();
      measures[name] = await run();
      console.log(
        `  ${name.padEnd(44)} p50 ${measures[name].p50} ms, p95 ${measures[name].p95} ms`,
      );
    };
    const first = () => api('');
    await measure('queue first page', () => timeEach(REQUESTS, first), first);
    const second = await cursorOf('');
    await measure('queue next page', () => timeEach(REQUESTS, () => api(`?cursor=${second}`)));
    let tenth = '';
    for (let i = 0; i < 9; i++) tenth = await cursorOf(tenth ? `?cursor=${tenth}` : '');
    await measure('queue 10th page', () => timeEach(REQUESTS, () => api(`?cursor=${tenth}`)));
    await measure('queue first page after another process wrote', () =>
      timeEach(REQUESTS, first, otherProcessWrote),
    );
    const due = () => api('?sort=due');
    await measure('queue due soonest, first page', () => timeEach(REQUESTS, due), due);
    const dueNext = await cursorOf('?sort=due');
    await measure('queue due soonest, next page', () =>
      timeEach(REQUESTS, () => api(`?sort=due&cursor=${dueNext}`)),
    );
    // Each kind keeps its oldest 201 waiting leads: the 10th page of 50 is within them, the 20th
    // past them (each kind's share of a merged page is about a quarter), so it is read.
    let dueAt = '';
    let paged = 0;
    for (const page of [10, 20]) {
      for (; paged < page - 1; paged++)
        dueAt = await cursorOf(`?sort=due${dueAt ? `&cursor=${dueAt}` : ''}`);
      const cursor = dueAt;
      await measure(`queue due soonest, ${page}th page`, () =>
        timeEach(REQUESTS, () => api(`?sort=due&cursor=${cursor}`)),
      );
    }
    await measure('queue search, a common word (gmail)', () =>
      timeEach(REQUESTS, () => api('?q=gmail')),
    );
    const target = engine.indexed ? TARGETS.indexed : TARGETS.embedded;
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:queue -- --per-kind ${PER_KIND} --requests ${REQUESTS}${args.database ? ` --database ${args.database}` : ''}`,
      engine,
      machine: `${process.platform} ${process.arch}, node ${process.version}, load at end ${loadNow()}`,
      perKind: PER_KIND,
      atTargetSize: PER_KIND === target.at,
      target,
      measures,
    };
    await mkdir(args.out, { recursive: true });
    await writeFile(`${args.out}/queue.json`, `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(`${args.out}/queue.md`, markdown(report));
    console.log(`\n${markdown(report)}`);
  } finally {
    await client.close();
    await stack.stop();
  }
}

function markdown(report: {
  date: string;
  command: string;
  engine: { name: string };
  machine: string;
  perKind: number;
  atTargetSize: boolean;
  target: { at: number; p95: number };
  measures: Record<string, Latency>;
}): string {
  const size = report.atTargetSize
    ? `${report.perKind.toLocaleString('en-US')} leads per kind (the target size)`
    : `${report.perKind.toLocaleString('en-US')} leads per kind: **not the target size** (${report.target.at.toLocaleString('en-US')}); the targets are not judged`;
  const rows = Object.entries(report.measures).map(([name, l]) => {
    const judged = /first page|next page/.test(name) && !/after another/.test(name);
    const verdict =
      !report.atTargetSize || !judged ? '' : l.p95 <= report.target.p95 ? 'met' : '**missed**';
    return `| ${name} | ${l.p50} | ${l.p95} | ${l.max} | ${judged ? report.target.p95 : ''} | ${verdict} |`;
  });
  return [
    `# The queue (GET /leads)`,
    '',
    `${report.date}, \`${report.command}\`, ${report.engine.name}; ${report.machine}.`,
    '',
    size + '.',
    '',
    '| measure | p50 ms | p95 ms | max ms | target p95 | |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
