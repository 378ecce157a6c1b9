/**
 * `npm run bench:insights`: `GET /insights` over 90 and 30 days, through the API and as the web
 * page, with every lead inside the 90 days (the worst case: the whole range read). The built
 * product as real processes on a fresh embedded database, or on MONGODB_URI. Writes
 * reports/bench/insights.{json,md}.
 *
 *   npm run build && npm run bench:insights [-- --sizes 10000 --requests 30]
 *
 * A size is one inbox's leads (contact us) with 1,000 in each other inbox, as bench:inbox counts.
 * `--database <name>`: measure a database of MONGODB_URI a run before seeded (it prints its name),
 * seeding only what it lacks.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { type Db, MongoClient } from 'mongodb';

import {
  addDays,
  dateIn,
  INSIGHTS_PATH,
  LEAD_KINDS,
  leadKindList,
  leadPaths,
} from '../../nest/src/contract';
import { fakeHistory } from '../seed/fake-history';
import { type FakeLead } from '../seed/fake-leads';
import { startWebStack, type WebStack } from '../stack/web-stack';

import { call, engineOf, type Session, signIn } from './api-session';
import { benchServerLog, loadNow as load, seedLeads } from './bench-stack';
import { type Latency, timeEach } from './stats';

const { values: args } = parseArgs({
  options: {
    // The embedded default's documented size; an indexed engine (MONGODB_URI) at 100k as well.
    sizes: { type: 'string', default: process.env.MONGODB_URI ? '10000,100000' : '10000' },
    requests: { type: 'string', default: '30' },
    out: { type: 'string', default: 'reports/bench' },
    database: { type: 'string' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const REQUESTS = Number(args.requests);
const OTHER_INBOXES = 1_000;
const DAYS = 90;
const TZ = 'Europe/Berlin';
const inbox = LEAD_KINDS.contactUs;
/** Leads of the last 90 days, each with a made-up history (source, first reply, stage). */
const SEEDED = {
  days: DAYS - 1,
  archivedRatio: 0.1,
  decorate: (lead: FakeLead) => ({ ...lead, ...fakeHistory(lead.createdAt) }),
};

/**
 * Issue 36's target (p95, ms) for 90 days, right after a change and after another process wrote:
 * at 10,000 leads on the embedded default, at 100,000 and 1,000,000 on an indexed engine.
 */
const TARGETS = { indexed: 100, embedded: 100 };

type Measures = Record<string, Latency>;

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
    console.log(`Engine: ${engine.name}; database ${db.databaseName}; load ${load()}`);
    const session = await signIn(stack);
    for (const kind of leadKindList.filter((k) => k.key !== inbox.key)) {
      const missing = OTHER_INBOXES - (await db.collection(kind.collection).countDocuments());
      if (missing > 0) await seedLeads(db, kind, missing, SEEDED);
    }
    const sizes: { leads: number; inRange: number; measures: Measures }[] = [];
    for (const leads of SIZES) {
      await seedLeads(
        db,
        inbox,
        leads - (await db.collection(inbox.collection).countDocuments()),
        SEEDED,
      );
      console.log(`\n${leads.toLocaleString('en-US')} leads in ${inbox.panelTitle}`);
      // A database another run seeded (--database) may hold leads older than the range.
      const inRange = await db
        .collection(inbox.collection)
        .countDocuments({ createdAt: { $gte: new Date(Date.now() - DAYS * 86_400_000) } });
      sizes.push({ leads, inRange, measures: await measure(stack, session, db) });
    }
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:insights -- --sizes ${args.sizes} --requests ${REQUESTS}${args.database ? ` --database ${args.database}` : ''}`,
      engine,
      machine: `${process.platform} ${process.arch}, node ${process.version}, load at end ${load()}`,
      requestsPerMeasure: REQUESTS,
      sizes,
    };
    await mkdir(args.out, { recursive: true });
    await writeFile(`${args.out}/insights.json`, `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(`${args.out}/insights.md`, markdown(report));
    console.log(`\n${markdown(report)}`);
  } finally {
    await client.close();
    await stack.stop();
  }
}

async function measure(stack: WebStack, session: Session, db: Db): Promise<Measures> {
  const to = dateIn(TZ);
  const range = (days: number) =>
    `?from=${addDays(to, 1 - days)}&to=${to}&tz=${encodeURIComponent(TZ)}`;
  const api = (days: number) => () =>
    call(`${stack.apiUrl}${INSIGHTS_PATH}${range(days)}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
  const page = () =>
    call(`${stack.webUrl}/super-secret-admin/insights${range(DAYS)}&period=custom`, {
      headers: { cookie: session.cookie },
    });
  // A change to a lead through this API (a stage set back and forth): its kind's totals version
  // moves on, and the kept figures of every range with it.
  const leads = await db
    .collection(inbox.collection)
    .find({}, { projection: { stage: 1 } })
    .limit(REQUESTS)
    .toArray();
  // Each call changes one lead: to a stage it is not in, so every version really moves on.
  const stageChange = async (i: number) => {
    const lead = leads[i % leads.length];
    const stage = lead?.stage === 'qualified' ? 'contacted' : 'qualified';
    if (lead) lead.stage = stage;
    await call(`${stack.apiUrl}${leadPaths(inbox).stage}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [lead?._id.toHexString()], stage }),
    });
  };
  // Another API process's write, as this one sees it: the version moves on by itself.
  const otherProcessWrote = async () => {
    await db
      .collection('lead_totals')
      .updateOne({ _id: inbox.key as never }, { $inc: { version: 1 } });
  };
  const measures: Measures = {};
  const run = async (name: string, timed: () => Promise<Latency>) => {
    measures[name] = await timed();
    console.log(`  ${name.padEnd(48)} p50 ${measures[name].p50} ms, p95 ${measures[name].p95} ms`);
  };
  await run('API insights, 90 days, first', () => timeEach(1, api(DAYS)));
  await run('API insights, 90 days, after a change', () =>
    timeEach(REQUESTS, api(DAYS), stageChange),
  );
  await run('API insights, 30 days, after a change', () =>
    timeEach(REQUESTS, api(30), stageChange),
  );
  await api(DAYS)();
  await run('API insights, 90 days, unchanged', () => timeEach(REQUESTS, api(DAYS)));
  await run('insights page (web), 90 days, after a change', () =>
    timeEach(REQUESTS, page, stageChange),
  );
  await run('API insights, 90 days, another process wrote', () =>
    timeEach(Math.min(REQUESTS, 10), api(DAYS), otherProcessWrote),
  );
  return measures;
}

function markdown(report: {
  date: string;
  command: string;
  engine: { name: string; indexed: boolean };
  machine: string;
  sizes: { leads: number; inRange: number; measures: Measures }[];
}): string {
  const names = Object.keys(report.sizes[0]?.measures ?? {});
  const target = report.engine.indexed ? TARGETS.indexed : TARGETS.embedded;
  const header = `| p50 / p95, ms | ${report.sizes.map((s) => `${s.leads.toLocaleString('en-US')} (+${(3 * OTHER_INBOXES).toLocaleString('en-US')})`).join(' | ')} |`;
  const rows = names.map(
    (name) =>
      `| ${name} | ${report.sizes.map((s) => `${s.measures[name]?.p50} / ${s.measures[name]?.p95}`).join(' | ')} |`,
  );
  return [
    `# Insights benchmark (${report.date})`,
    '',
    `\`${report.command}\` on ${report.engine.name}; ${report.machine}. Of ${inbox.panelTitle}, within the last ${DAYS} days: ${report.sizes.map((s) => `${s.inRange.toLocaleString('en-US')} of ${s.leads.toLocaleString('en-US')}`).join(', ')}; days in ${TZ}.`,
    `Target: p95 ${target} ms for 90 days after a change and after another process wrote (${report.engine.indexed ? 'indexed engine, at 100,000 and 1,000,000 leads' : 'embedded default, at 10,000 leads'}).`,
    '',
    header,
    `| --- | ${report.sizes.map(() => '---:').join(' | ')} |`,
    ...rows,
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
