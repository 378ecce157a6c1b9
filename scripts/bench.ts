/**
 * `npm run bench`: measures the inbox at scale against the production build on a fresh embedded
 * database (or MONGODB_URI), and writes reports/bench/summary.{json,md}.
 *  1. first page of a list with 1,000 and with 100,000 leads (autocannon, concurrency 10), and the
 *     same query through the bare MongoDB driver as the floor;
 *  2. intake: 5,000 submissions at concurrency 50 (rate limit raised), all stored exactly once;
 *  3. CSV export of 100,000 leads: time and the API process's peak RSS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import { type Db, MongoClient } from 'mongodb';

import { LEAD_KINDS, leadPaths } from '../nest/src/contract';

import { freePort, startEmbeddedDatabase } from './lib/embedded-database';
import { fakeLead } from './lib/fake-leads';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '50' } } });
/**
 * Requests per list measurement. 50 by default because FerretDB (the embedded engine) scans and sorts
 * every document for any sort other than $natural: at 100,000 leads one list call costs it ~12 s of
 * CPU. Against real MongoDB use e.g. `--requests 1000`.
 */
const LIST_REQUESTS = Number(args.requests);
const LIST_CONCURRENCY = 10;
const INTAKE_REQUESTS = 5_000;
const INTAKE_CONCURRENCY = 50;
const DB_NAME = 'bench';
const kind = LEAD_KINDS.contactUs;

interface Latency {
  p50: number;
  p99: number;
  mean: number;
  requests: number;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'leads-bench-'));
  const embedded = process.env.MONGODB_URI
    ? undefined
    : await startEmbeddedDatabase({ dataDir, log: console.log });
  const uri = process.env.MONGODB_URI ?? (embedded?.uri as string);
  const client = await new MongoClient(uri).connect();
  const db = client.db(DB_NAME);
  await db.dropDatabase();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench@example.com', password: randomBytes(12).toString('base64url') };
  const api = spawn('node', ['dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_PORT: String(port),
      MONGODB_URI: uri,
      MONGODB_DB: DB_NAME,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      INTAKE_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(base);
    const token = await login(base, admin);
    const engine = embedded?.engine ?? 'MONGODB_URI';
    console.log(`API on ${base}, database: ${engine}`);

    await seed(db, 1_000);
    const small = await measureList(base, token, db);
    console.log('1,000 leads', small);
    await seed(db, 99_000);
    const large = await measureList(base, token, db);
    console.log('100,000 leads', large);

    const intake = await measureIntake(base, db);
    console.log('intake', intake);

    const exportResult = await measureExport(base, token, api);
    console.log('export', exportResult);

    const summary = {
      date: new Date().toISOString(),
      database: engine,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      list: {
        requests: LIST_REQUESTS,
        concurrency: LIST_CONCURRENCY,
        leads1k: small,
        leads100k: large,
        p50Ratio100kTo1k: round(large.api.p50 / small.api.p50),
        p99Ratio100kTo1k: round(large.api.p99 / small.api.p99),
      },
      intake,
      export: exportResult,
    };
    await mkdir('reports/bench', { recursive: true });
    await writeFile('reports/bench/summary.json', `${JSON.stringify(summary, null, 2)}\n`);
    await writeFile('reports/bench/summary.md', markdown(summary));
    console.log(markdown(summary));
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await client.close();
    await embedded?.stop();
  }
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('API did not become healthy');
}

async function login(base: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${res.status}`);
  return body.token;
}

async function seed(db: Db, count: number): Promise<void> {
  for (let done = 0; done < count; done += 5_000) {
    const size = Math.min(5_000, count - done);
    const docs = Array.from({ length: size }, () =>
      fakeLead(kind, { days: 365, archivedRatio: 0 }),
    );
    await db.collection(kind.collection).insertMany(docs, { ordered: false });
  }
}

async function measureList(base: string, token: string, db: Db) {
  const url = `${base}${leadPaths(kind).active}`;
  // Warm up connections and caches, then measure.
  await autocannon({
    url,
    connections: LIST_CONCURRENCY,
    amount: LIST_CONCURRENCY,
    timeout: 600,
    headers: { authorization: `Bearer ${token}` },
  });
  const result = await autocannon({
    url,
    connections: LIST_CONCURRENCY,
    amount: LIST_REQUESTS,
    timeout: 600,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`list requests failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const apiLatency: Latency = {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: round(result.latency.average),
    requests: result.requests.total,
  };
  const driver = await driverFloor(db);
  return { api: apiLatency, driver, p50RatioApiToDriver: round(apiLatency.p50 / driver.p50) };
}

/** The API's list query (first page + total), issued directly through the driver, same concurrency. */
async function driverFloor(db: Db): Promise<Latency> {
  const collection = db.collection(kind.collection);
  const once = () =>
    Promise.all([
      collection.find({ archivedAt: null }).sort({ createdAt: -1, _id: -1 }).limit(51).toArray(),
      collection.countDocuments({ archivedAt: null }),
    ]);
  for (let i = 0; i < 2; i++) await once();
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: LIST_CONCURRENCY }, async () => {
      while (next++ < LIST_REQUESTS) {
        const started = performance.now();
        await once();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0);
  return {
    p50: pct(50),
    p99: pct(99),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    requests: times.length,
  };
}

async function measureIntake(base: string, db: Db) {
  const target = LEAD_KINDS.keDemo;
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${leadPaths(target).create}`,
    connections: INTAKE_CONCURRENCY,
    amount: INTAKE_REQUESTS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    idReplacement: true,
    body: JSON.stringify({
      name: 'Bench [<id>]',
      email: 'bench-[<id>]@example.com',
      phone_number: '+1 555 0100',
      company: 'Bench Marine',
    }),
  });
  const seconds = (performance.now() - started) / 1000;
  const collection = db.collection(target.collection);
  const stored = await collection.countDocuments();
  const distinct = (await collection.distinct('email')).length;
  const status5xx = result['5xx'];
  return {
    submissions: result.requests.total,
    status2xx: result['2xx'],
    status5xx,
    non2xx: result.non2xx,
    errors: result.errors,
    stored,
    distinctStored: distinct,
    allStoredOnce: stored === INTAKE_REQUESTS && distinct === INTAKE_REQUESTS,
    throughputPerSecond: round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function measureExport(base: string, token: string, api: ChildProcess) {
  const rss = () => {
    const status = readFileSync(`/proc/${api.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  };
  const before = rss();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, rss().rss)), 25);
  const started = performance.now();
  const res = await fetch(`${base}${leadPaths(kind).exportCsv}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let rows = -1; // header
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    rows += (decoder.decode(chunk, { stream: true }).match(/\r\n/g) ?? []).length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    status: res.status,
    rows,
    megabytes: round(bytes / 1e6),
    seconds: round(seconds),
    apiRssBeforeMb: round(before.rss),
    apiPeakRssDuringExportMb: round(peak),
    apiPeakRssWholeRunMb: round(rss().hwm),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function markdown(s: {
  date: string;
  database: string;
  machine: string;
  list: {
    leads1k: Awaited<ReturnType<typeof measureList>>;
    leads100k: Awaited<ReturnType<typeof measureList>>;
    p50Ratio100kTo1k: number;
    p99Ratio100kTo1k: number;
  };
  intake: Awaited<ReturnType<typeof measureIntake>>;
  export: Awaited<ReturnType<typeof measureExport>>;
}): string {
  const { leads1k: a, leads100k: b } = s.list;
  return `# Benchmark (${s.date})

Database: ${s.database}. Machine: ${s.machine}, 2 cores. Command: \`npm run bench\`.

## First page of a list (GET, ${LIST_REQUESTS} requests, concurrency ${LIST_CONCURRENCY})

| leads | API p50 ms | API p99 ms | driver p50 ms | driver p99 ms | API/driver p50 |
|---|---|---|---|---|---|
| 1,000 | ${a.api.p50} | ${a.api.p99} | ${a.driver.p50} | ${a.driver.p99} | ${a.p50RatioApiToDriver} |
| 100,000 | ${b.api.p50} | ${b.api.p99} | ${b.driver.p50} | ${b.driver.p99} | ${b.p50RatioApiToDriver} |

100k/1k: p50 ×${s.list.p50Ratio100kTo1k}, p99 ×${s.list.p99Ratio100kTo1k} (target ≤ 1.5).

## Intake (${INTAKE_REQUESTS} POSTs, concurrency ${INTAKE_CONCURRENCY})

| 2xx | 5xx | errors | stored | distinct | all stored once | throughput/s | p50 ms | p99 ms |
|---|---|---|---|---|---|---|---|---|
| ${s.intake.status2xx} | ${s.intake.status5xx} | ${s.intake.errors} | ${s.intake.stored} | ${s.intake.distinctStored} | ${s.intake.allStoredOnce} | ${s.intake.throughputPerSecond} | ${s.intake.p50} | ${s.intake.p99} |

## CSV export of 100,000 leads

| rows | MB | seconds | API RSS before MB | API peak RSS during export MB | API peak RSS whole run MB |
|---|---|---|---|---|---|
| ${s.export.rows} | ${s.export.megabytes} | ${s.export.seconds} | ${s.export.apiRssBeforeMb} | ${s.export.apiPeakRssDuringExportMb} | ${s.export.apiPeakRssWholeRunMb} |
`;
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
