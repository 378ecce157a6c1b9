/**
 * `npm run bench:inbox`: the admin inbox at 1,000, 10,000 and 100,000 leads in one inbox (10%
 * archived; 1,000 in each other inbox), measured through the HTTP API and the web server as the
 * admin uses them: the built product as real processes, on the embedded database or on
 * MONGODB_URI. Writes reports/bench/inbox.{json,md} and a chart of p95 against the number of leads.
 *
 *   npm run build && npm run bench:inbox [-- --sizes 1000,10000,100000 --requests 30]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import { type Db, MongoClient } from 'mongodb';

import {
  BUSINESS_HOURS_PATH,
  type BusinessHours,
  INBOX_PATH,
  LEAD_KINDS,
  type LeadPage,
  leadPaths,
  leadWorkPaths,
} from '../../nest/src/contract';
import { startWebStack, type WebStack } from '../stack/web-stack';

import { call, engineOf, type Session, signIn } from './api-session';
import { benchServerLog, loadNow, peakRss, seedLeads, startMailSink } from './bench-stack';
import {
  ARCHIVED_SHARE,
  HOURS_INBOX,
  inbox,
  INTAKE,
  type IntakeResult,
  type Measures,
  OTHER_INBOXES,
  round,
  SEARCHES,
  type SizeResult,
  writeReport,
} from './inbox-report';
import { planShapes, queryPlans } from './query-plans';
import { type Latency, timeEach } from './stats';

const { values: args } = parseArgs({
  options: {
    // The embedded default's documented size; an indexed engine (MONGODB_URI) also at 1k and 100k.
    sizes: {
      type: 'string',
      default: process.env.MONGODB_URI ? '1000,10000,100000' : '10000',
    },
    requests: { type: 'string', default: '30' },
    out: { type: 'string', default: 'reports/bench' },
    // A run's inbox.json, judged and written again (its tables and chart) without measuring.
    'report-from': { type: 'string' },
    // A database of MONGODB_URI a run before seeded (it is named in the run's output): measured
    // again without seeding what it holds already.
    database: { type: 'string' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const REQUESTS = Number(args.requests);
/** Leads put straight into the database: received over the last year, 10% archived. */
const SEEDED = { days: 365, archivedRatio: ARCHIVED_SHARE };
const RARE_EMAIL = 'rare.token@example.org';
const paths = leadPaths(inbox);

const WEEKDAY = [
  { from: '09:00', to: '12:30' },
  { from: '13:30', to: '17:00' },
];
/** The team calendar of the business hours measures: split shifts on weekdays in Berlin, holidays. */
const CALENDAR: BusinessHours = {
  timeZone: 'Europe/Berlin',
  weekly: { mon: WEEKDAY, tue: WEEKDAY, wed: WEEKDAY, thu: WEEKDAY, fri: WEEKDAY },
  holidays: ['2025-12-25', '2025-12-26', '2026-01-01', '2026-04-03', '2026-12-25', '2026-12-26'],
};
async function main(): Promise<void> {
  if (args['report-from'])
    return writeReport(JSON.parse(await readFile(args['report-from'], 'utf8')), args.out);
  const started = Date.now();
  // Replies are queued for this loopback SMTP server, which takes every mail and keeps none.
  const smtp = await startMailSink();
  const stack = await startWebStack({
    apiEnv: {
      INTAKE_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    },
    log: benchServerLog,
    database: args.database,
  });
  const client = await new MongoClient(stack.mongoUri).connect();
  try {
    const db = client.db();
    const engine = await engineOf(db);
    console.log(`Engine: ${engine.name}; database ${db.databaseName}; load ${loadNow()}`);
    await sendRareLead(stack, db);
    for (const kind of [LEAD_KINDS.keDemo, LEAD_KINDS.brokerDemo, LEAD_KINDS.consultation])
      await seedLeads(db, kind, OTHER_INBOXES - (await countOf(db, kind.collection)), SEEDED);

    const sizes: SizeResult[] = [];
    for (const leads of SIZES) {
      const sizeStarted = Date.now();
      await seedLeads(db, inbox, leads - (await countOf(db, inbox.collection)), SEEDED);
      console.log(`\n${leads.toLocaleString('en-US')} leads in ${inbox.panelTitle}`);
      // Signed in again: a session idle through a long seeding (SESSION_IDLE_TIMEOUT) is refused.
      const session = await signIn(stack);
      const measures = await measureInbox(stack, session, db);
      const exported = await measureExport(stack, session.token);
      const plans = await queryPlans(db, inbox, await planShapes(db, inbox, SEARCHES));
      sizes.push({ leads, seconds: secondsSince(sizeStarted), measures, export: exported, plans });
    }
    const intake = await measureIntake(stack, db);
    await writeReport(
      {
        date: new Date().toISOString(),
        command: `npm run bench:inbox -- --sizes ${args.sizes} --requests ${REQUESTS}${args.database ? ` --database ${args.database}` : ''}`,
        engine,
        machine: `${process.platform} ${process.arch}, node ${process.version}, load at end ${loadNow()}`,
        requestsPerMeasure: REQUESTS,
        seconds: secondsSince(started),
        sizes,
        intake,
      },
      args.out,
    );
  } finally {
    await client.close();
    await stack.stop();
    await smtp.close();
  }
}

/** The one lead with the rare search token, through the intake (once in a database). */
async function sendRareLead(stack: WebStack, db: Db): Promise<void> {
  if (await db.collection(inbox.collection).findOne({ email: RARE_EMAIL })) return;
  const rare = await fetch(`${stack.apiUrl}${paths.create}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Rare Token',
      email: RARE_EMAIL,
      subject: 'One of a kind',
      message: `Asking about kwyjibo listings`,
    }),
  });
  if (rare.status !== 201) throw new Error(`the rare lead was answered ${rare.status}`);
}

/** How many documents a collection holds (none: it may not be there yet). */
const countOf = (db: Db, collection: string) => db.collection(collection).countDocuments();

// --- the measurements ---------------------------------------------------------------------------

async function measureInbox(stack: WebStack, session: Session, db: Db): Promise<Measures> {
  const api = (path: string, init: RequestInit = {}) =>
    call(`${stack.apiUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${session.token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const web = (path: string, init: RequestInit = {}) =>
    call(`${stack.webUrl}${path}`, {
      ...init,
      headers: { cookie: session.cookie, origin: stack.webUrl, ...init.headers },
    });
  // Another API process's write, as this one sees it: the totals' version moves on.
  const otherProcessWrote = async () => {
    await db
      .collection('lead_totals')
      .updateOne({ _id: inbox.key as never }, { $inc: { version: 1 } });
  };
  const measures: Measures = {};
  /** `warm`: one untimed call first, so the measure starts from the state it is named for. */
  const measure = async (name: string, run: () => Promise<Latency>, warm?: () => Promise<void>) => {
    await warm?.();
    measures[name] = await run();
    console.log(`  ${name.padEnd(34)} p50 ${measures[name].p50} ms, p95 ${measures[name].p95} ms`);
  };

  const activePage = () => api(paths.active);
  const archivedPage = () => api(paths.archived);
  const dashboard = () => web('/super-secret-admin');
  await measure('API first page', () => timeEach(REQUESTS, activePage), activePage);
  await measure('API first page, other process wrote', () =>
    timeEach(REQUESTS, () => api(paths.active), otherProcessWrote),
  );
  await measure('API archived first page', () => timeEach(REQUESTS, archivedPage), archivedPage);
  const read: Read = (path) => getJson<LeadPage>(`${stack.apiUrl}${path}`, session.token);
  const tenth = await cursorOfPage(read, 10);
  await measure('API 10th page', () =>
    timeEach(REQUESTS, () => api(`${paths.active}?cursor=${tenth}`)),
  );
  for (const [name, q] of Object.entries(SEARCHES))
    await measure(name, () => timeEach(REQUESTS, () => api(`${paths.active}?q=${q}`)));
  const ids = await newestIds(read, REQUESTS);
  await measure('API archive or unarchive, with answer', () =>
    timeEach(REQUESTS, (i) => {
      const move = i % 2 === 0 ? 'archive' : 'unarchive';
      return api(paths[move], {
        method: 'POST',
        body: JSON.stringify({ [inbox.idField]: ids[Math.floor(i / 2)] }),
      });
    }),
  );
  await measure('API mark one lead read, then unread (opening a lead)', () =>
    timeEach(REQUESTS, (i) =>
      api(paths[i % 2 === 0 ? 'read' : 'unread'], {
        method: 'POST',
        body: JSON.stringify({ ids: [ids[Math.floor(i / 2)]] }),
      }),
    ),
  );
  const needsReply = () => api(`${paths.active}?view=needs-reply`);
  await measure('API needs reply, first page', () => timeEach(REQUESTS, needsReply), needsReply);
  await measure('API stage change, with answer', () =>
    timeEach(REQUESTS, (i) =>
      api(paths.stage, {
        method: 'POST',
        body: JSON.stringify({
          ids: [ids[Math.floor(i / 2)]],
          stage: i % 2 === 0 ? 'contacted' : 'new',
        }),
      }),
    ),
  );
  // A reply's answer (202 once queued in the outbox; mailing happens after): a first reply to a
  // lead, so each also sets firstResponseAt and moves the lead from new to contacted.
  const work = leadWorkPaths(inbox);
  const waiting = await read(`${paths.active}?view=needs-reply&limit=${REQUESTS}`);
  const toReply = waiting.data.map((lead) => lead._id);
  await measure('API reply, its answer (queued)', () =>
    timeEach(REQUESTS, (i) =>
      api(work.reply(toReply[i] as string), {
        method: 'POST',
        body: JSON.stringify({ subject: 'About your request', text: `Hello,\n\nreply ${i}.` }),
      }),
    ),
  );
  await measure(
    'API dashboard (GET /inbox)',
    () => timeEach(REQUESTS, () => api(INBOX_PATH)),
    () => api(INBOX_PATH),
  );
  // The same with a team calendar: the kept overdue totals count business time (issue 35).
  const setCalendar = (businessHours: BusinessHours | null) =>
    api(BUSINESS_HOURS_PATH, { method: 'PUT', body: JSON.stringify({ businessHours }) });
  await setCalendar(CALENDAR);
  await measure(
    HOURS_INBOX,
    () => timeEach(REQUESTS, () => api(INBOX_PATH)),
    () => api(INBOX_PATH),
  );
  await measure(`${HOURS_INBOX}, other process wrote`, () =>
    timeEach(REQUESTS, () => api(INBOX_PATH), otherProcessWrote),
  );
  await setCalendar(null);
  await measure('web dashboard page', () => timeEach(REQUESTS, dashboard), dashboard);
  await measure('web dashboard page, other process wrote', () =>
    timeEach(REQUESTS, dashboard, otherProcessWrote),
  );
  await measure('web archive or unarchive (panel form)', () =>
    timeEach(REQUESTS, (i) =>
      // As the panel's fetcher posts it: Remix's single-fetch `.data` form of the leads route,
      // which answers the action's own status (a refused action fails the measure).
      web('/super-secret-admin/leads.data', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          action: i % 2 === 0 ? 'archive' : 'unarchive',
          kind: inbox.key,
          ids: ids[Math.floor(i / 2)] as string,
          q: '',
          js: '1',
        }).toString(),
      }),
    ),
  );
  return measures;
}

async function measureExport(stack: WebStack, token: string) {
  const rss = peakRss(stack.pids.api);
  const started = performance.now();
  const res = await fetch(`${stack.apiUrl}${paths.exportCsv}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let rows = -1; // the header
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  return {
    rows,
    megabytes: round(bytes / 1e6),
    seconds: round((performance.now() - started) / 1000),
    apiPeakRssMb: rss.stop(),
  };
}

/** 5,000 submissions at concurrency 50 into a small inbox; each must be stored exactly once. */
async function measureIntake(stack: WebStack, db: Db): Promise<IntakeResult> {
  const target = LEAD_KINDS.keDemo;
  const before = await db.collection(target.collection).countDocuments();
  const since = new Date();
  const started = performance.now();
  const result = await autocannon({
    url: `${stack.apiUrl}${leadPaths(target).create}`,
    connections: INTAKE.connections,
    amount: INTAKE.requests,
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
  const stored = (await collection.countDocuments()) - before;
  // This run's only: a database measured again holds an earlier run's bench leads too.
  const distinct = (
    await collection.distinct('email', { email: /^bench-/, createdAt: { $gte: since } })
  ).length;
  const totals = await db.collection('lead_totals').findOne({ _id: target.key as never });
  const intake = {
    submissions: result.requests.total,
    status2xx: result['2xx'],
    status5xx: result['5xx'],
    errors: result.errors,
    stored,
    allStoredOnce: stored === INTAKE.requests && distinct === INTAKE.requests,
    keptTotalExact: totals?.active === (await collection.countDocuments({ archivedAt: null })),
    keptUnreadExact:
      totals?.unread === (await collection.countDocuments({ archivedAt: null, readAt: null })),
    perSecond: round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  console.log('\nintake', intake);
  return intake;
}

// --- helpers ------------------------------------------------------------------------------------

/** A call that must succeed: 200, or 202 for what is queued (a reply). */
async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

type Read = (path: string) => Promise<LeadPage>;

/** The cursor that the API gives for the `page`th page of the inbox (pages of 50). */
async function cursorOfPage(read: Read, page: number): Promise<string> {
  let cursor = '';
  for (let i = 1; i < page; i++) {
    const body = await read(`${paths.active}${cursor ? `?cursor=${cursor}` : ''}`);
    if (!body.nextCursor) throw new Error(`the list has fewer than ${page} pages`);
    cursor = body.nextCursor;
  }
  return cursor;
}

/** Leads to move: each is archived, then unarchived, so the inbox keeps its size. */
async function newestIds(read: Read, moves: number): Promise<string[]> {
  const body = await read(`${paths.active}?limit=${Math.ceil(moves / 2) + 1}`);
  return body.data.map((lead) => lead._id);
}

// --- the report ---------------------------------------------------------------------------------

const secondsSince = (start: number) => Math.round((Date.now() - start) / 100) / 10;

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
