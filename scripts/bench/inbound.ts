/**
 * `npm run bench:inbound`: inbound email (issue 33) through the built product as real processes,
 * on the embedded database or on MONGODB_URI. 1,000 messages posted to the signed raw-message
 * webhook at concurrency 20 (half of them to one lead, the rest spread over 100 others, matched by
 * their sender), each counted as stored exactly once; the same 100 posted again, stored no more;
 * then the conversation of the lead with 500 messages opened: its newest page from the API (what
 * the lead's page opens on), and the lead's detail page from the web server. Writes
 * reports/bench/inbound.{json,md}.
 *
 *   npm run build && npm run bench:inbound [-- --messages 1000 --concurrency 20 --requests 30]
 */
import { appendFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { type Db, MongoClient } from 'mongodb';

import {
  conversationPaths,
  INBOUND_PATHS,
  LEAD_KINDS,
  type LeadKindDescriptor,
} from '../../nest/src/contract';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';
import { fakeLead, wordsFormOfDb } from '../seed/fake-leads';
import { newWebhookSecret, plainMessage, signedHeaders } from '../seed/inbound-messages';
import { startWebStack, type WebStack } from '../stack/web-stack';

import { call, engineOf, type Session, signIn } from './api-session';
import { inboundMarkdown } from './inbound-report';
import { type Latency, latencyOf, timeEach } from './stats';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    requests: { type: 'string', default: '30' },
    out: { type: 'string', default: 'reports/bench' },
  },
});
const MESSAGES = Number(args.messages);
const CONCURRENCY = Number(args.concurrency);
const REQUESTS = Number(args.requests);
/** How many other leads write, beside the one that gets every other message (500 of 1,000). */
const OTHER_LEADS = 100;
const REPOSTED = 100;
/** The target, in ms (p95): a conversation of 500 messages opens in ≤ 300 ms. */
const OPEN_TARGET_MS = 300;
const kind = LEAD_KINDS.contactUs;

interface Posted {
  raw: string;
  outcome: string;
}

async function main(): Promise<void> {
  const started = Date.now();
  const secret = newWebhookSecret();
  const stack = await startWebStack({
    apiEnv: { LOG_LEVEL: 'warn', INBOUND_WEBHOOK_SECRET: secret },
    log: (line) => {
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, `${line}\n`);
      if (/error|warn|exit|fail/i.test(line)) console.log(line);
    },
  });
  const client = await new MongoClient(stack.mongoUri).connect();
  try {
    const db = client.db();
    const engine = await engineOf(db);
    console.log(`Engine: ${engine.name}; load ${load()}`);
    const session = await signIn(stack);
    const senders = await seed(db, kind, OTHER_LEADS + 1);
    const [longOne, ...others] = senders;
    const messages = Array.from({ length: MESSAGES }, (_, i) => {
      // Every other message to the one lead; the rest round the others.
      const to = i % 2 === 0 ? longOne! : others[((i - 1) / 2) % others.length]!;
      return plainMessage({
        from: `${to.name} <${to.email}>`,
        subject: `Re: Your request (${i})`,
        text: `Message ${i}: thank you, Tuesday suits us.\n\nOn Monday you wrote:\n> Hello ${to.name}`,
      });
    });

    const posting = performance.now();
    const first = await postAll(stack, secret, messages);
    const postSeconds = round((performance.now() - posting) / 1000);
    const stored = await storedMessages(db);
    const reposted = await postAll(stack, secret, messages.slice(0, REPOSTED));
    const storedAfterRepost = await storedMessages(db);
    const intake = {
      messages: MESSAGES,
      concurrency: CONCURRENCY,
      seconds: postSeconds,
      perSecond: round(MESSAGES / postSeconds),
      latency: first.latency,
      toTheLongOne: first.toTheLongOne,
      toOthers: first.toOthers,
      outcomes: countOf(first.posted.map((p) => p.outcome)),
      stored,
      reposted: REPOSTED,
      repostOutcomes: countOf(reposted.posted.map((p) => p.outcome)),
      storedAfterRepost,
      allStoredOnce: stored === MESSAGES && storedAfterRepost === MESSAGES,
    };
    console.log(
      `\n${MESSAGES} messages at concurrency ${CONCURRENCY}: ${postSeconds} s, p50 ${first.latency.p50} ms, p95 ${first.latency.p95} ms; stored ${stored}, after ${REPOSTED} posted again ${storedAfterRepost}`,
    );

    const longId = await leadIdOf(db, longOne!.email);
    const inLong = await db.collection('lead_messages').countDocuments({ leadId: longId });
    const open = await measureOpen(stack, session, longId);
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:inbound -- --messages ${MESSAGES} --concurrency ${CONCURRENCY} --requests ${REQUESTS}`,
      engine,
      machine: `${process.platform} ${process.arch}, node ${process.version}, load at end ${load()}`,
      seconds: round((Date.now() - started) / 1000),
      intake,
      conversation: { messages: inLong, requestsPerMeasure: REQUESTS, measures: open },
      targets: [
        {
          target: `${MESSAGES} messages stored once, also when ${REPOSTED} are posted again`,
          measured: `${stored} stored, then ${storedAfterRepost}`,
          holds: intake.allStoredOnce,
        },
        ...Object.entries(open).map(([name, latency]) => ({
          target: `${name} of ${inLong} messages ≤ ${OPEN_TARGET_MS} ms (p95)`,
          measured: `${latency.p95} ms`,
          holds: latency.p95 <= OPEN_TARGET_MS,
        })),
      ],
    };
    await mkdir(args.out, { recursive: true });
    await writeFile(`${args.out}/inbound.json`, `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(`${args.out}/inbound.md`, inboundMarkdown(report));
    console.log(`\n${inboundMarkdown(report)}`);
  } finally {
    await client.close();
    await stack.stop();
  }
}

/** Posts every message, `CONCURRENCY` at a time, timing each; anything but 202 stops the run. */
async function postAll(stack: WebStack, secret: string, messages: string[]) {
  const posted: Posted[] = [];
  const samples: number[] = [];
  const toTheLongOne: number[] = [];
  const toOthers: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < messages.length) {
      const i = next++;
      const raw = messages[i]!;
      const headers = signedHeaders(raw, secret);
      const sent = performance.now();
      const res = await post(`${stack.apiUrl}${INBOUND_PATHS.webhook}`, headers, raw);
      const took = performance.now() - sent;
      samples.push(took);
      // Every other message goes to the one lead (see main): its conversation takes them in turn.
      (i % 2 === 0 ? toTheLongOne : toOthers).push(took);
      if (res.status !== 202) throw new Error(`the webhook answered ${res.status}: ${res.body}`);
      posted.push({ raw, outcome: (JSON.parse(res.body) as { outcome?: string }).outcome ?? '' });
      if (posted.length % 100 === 0) console.log(`  ${posted.length} posted, ${load()}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    posted,
    latency: latencyOf(samples),
    toTheLongOne: latencyOf(toTheLongOne),
    toOthers: latencyOf(toOthers),
  };
}

/**
 * One POST through node:http, which waits as long as the answer takes: fetch gives up after 300 s
 * without headers, and a message that slow is a figure to report, not a crash of the benchmark.
 */
function post(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The lead's conversation opened: its newest page from the API, its detail page from the web. */
async function measureOpen(stack: WebStack, session: Session, leadId: string) {
  const api = () =>
    call(`${stack.apiUrl}${conversationPaths(kind).messages(leadId)}?from=end`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
  const web = () =>
    call(`${stack.webUrl}/super-secret-admin/lead/${kind.key}/${leadId}`, {
      headers: { cookie: session.cookie },
    });
  const measures: Record<string, Latency> = {};
  for (const [name, run] of [
    ['API conversation, newest page', api],
    ['web lead detail page with its conversation', web],
  ] as const) {
    await run();
    measures[name] = await timeEach(REQUESTS, run);
    console.log(`  ${name.padEnd(44)} p50 ${measures[name].p50} ms, p95 ${measures[name].p95} ms`);
  }
  return measures;
}

/** `count` leads of a kind with addresses of their own (what the messages' senders match). */
async function seed(db: Db, into: LeadKindDescriptor, count: number) {
  const wordsForm = await wordsFormOfDb(db);
  const people = Array.from({ length: count }, (_, i) => ({
    name: `Bench Sender ${i}`,
    email: `bench.sender.${i}@example.org`,
  }));
  const docs = people.map((person) =>
    fakeLead(into, { days: 30, archivedRatio: 0, wordsForm }, person),
  );
  await db.collection(into.collection).insertMany(docs, { ordered: false });
  await recountLeadTotals(db, [into]);
  return people;
}

/** Messages kept on leads (each kept once: one document each). */
const storedMessages = (db: Db) => db.collection('lead_messages').countDocuments();

async function leadIdOf(db: Db, email: string): Promise<string> {
  const lead = await db.collection(kind.collection).findOne({ email });
  if (!lead) throw new Error(`no lead of ${email}`);
  return String(lead._id);
}

function countOf(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

const round = (n: number) => Math.round(n * 100) / 100;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
