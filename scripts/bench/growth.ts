/**
 * `npm run bench:growth`: one inbox growing through the public intake, as the marketplace and the
 * landing page fill it, while an admin archives: the contact-us inbox is seeded to `--from` leads,
 * then grows to `--to` by intake POSTs (a trusted sender's X-Intake-Key) at `--concurrency`, with
 * one archive call (through the admin API, with its answer) for every ten intakes. Reports each
 * step's intake rate and latencies, the last 500 calls, the API's peak memory, and checks at the
 * end that every lead is stored once and the kept totals are exact. The built product as real
 * processes on a fresh embedded database, or on MONGODB_URI. Writes reports/bench/growth.{json,md}.
 *
 *   npm run build && npm run bench:growth [-- --from 1000 --to 10000 --step 1000 --concurrency 32]
 *     [--notify] [--out reports/bench] [--build-dir <a copy of dist/ and build/ with node_modules>]
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { type Db, ObjectId } from 'mongodb';

import { LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import { type KeptTotals, keptTotalsOf } from '../../nest/src/leads/core/list-view/lead-totals';
import { countLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';
import { fakeLead } from '../seed/fake-leads';

import { loadNow, peakRss, seedLeads, startMailSink } from './bench-stack';
import { type IntakeBench, openIntakeBench, postIntake, runClients } from './intake-driver';
import { type Latency, latencyOf } from './stats';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string', default: '1000' },
    to: { type: 'string', default: '10000' },
    step: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    /** Email each new lead to a loopback mail server (NOTIFY_EMAIL), as an operator would. */
    notify: { type: 'boolean', default: false },
    out: { type: 'string', default: 'reports/bench' },
    /** Where the built product is, if not here (a copy of another build, to compare two). */
    'build-dir': { type: 'string' },
  },
});
const FROM = Number(args.from);
const TO = Number(args.to);
const STEP = Number(args.step);
const CONCURRENCY = Number(args.concurrency);
/** One archive call for every this many intakes. */
const INTAKES_PER_ARCHIVE = 10;
/** The window the issue read the API's latencies over, at the end of the growth. */
const LAST_CALLS = 500;
/** The issue's targets while growing (FerretDB 1.x, 1,000 → 10,000). */
const TARGETS = { intakePerSecond: 60, archiveP95Ms: 1_000 };
const inbox = LEAD_KINDS.contactUs;
const paths = leadPaths(inbox);
/** The seeded leads: received over the last year, 10% archived, as bench:inbox seeds them. */
const SEEDED = { days: 365, archivedRatio: 0.1 };
/** Every address the growth sends starts so: the stored-once check finds them by it. */
const MARK = 'growth-';

type CallKind = 'intake' | 'archive';

interface Call {
  kind: CallKind;
  /** ms from the start of the growth to the answer. */
  at: number;
  ms: number;
  ok: boolean;
}

interface Step {
  /** Leads in the inbox when the step began and ended. */
  from: number;
  to: number;
  seconds: number;
  intakePerSecond: number;
  intake: Latency;
  archive: Latency;
  load: string;
  intakeHolds: boolean;
  archiveHolds: boolean;
}

async function main(): Promise<void> {
  if (!(FROM > 0 && TO > FROM && STEP > 0 && CONCURRENCY > 0))
    throw new Error(
      '--from, --to, --step and --concurrency must be positive, and --to above --from',
    );
  const smtp = args.notify ? await startMailSink() : undefined;
  const bench = await openIntakeBench({
    apiEnv: smtp
      ? { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_EMAIL: 'team@example.com' }
      : {},
    buildDir: args['build-dir'],
  });
  const { stack, db, engine, loadAtStart } = bench;
  try {
    await seedLeads(db, inbox, FROM, SEEDED);
    const before = await countLeadTotals(db, inbox);
    const started = Date.now();
    const rss = peakRss(stack.pids.api);
    const { calls, steps, archived } = await grow(bench);
    const apiPeakRssMb = rss.stop();
    const checks = await check(db, before, calls, archived);
    const last = calls.slice(-LAST_CALLS);
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:growth -- --from ${FROM} --to ${TO} --step ${STEP} --concurrency ${CONCURRENCY}${args.notify ? ' --notify' : ''}`,
      engine,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      load: { atStart: loadAtStart, atEnd: loadNow() },
      seconds: Math.round((Date.now() - started) / 100) / 10,
      notifications: args.notify ? 'email to a loopback mail server' : 'none configured',
      targets: TARGETS,
      steps,
      whole: {
        intakePerSecond: rate(TO - FROM, calls[calls.length - 1]?.at ?? 0),
        intake: latencyOf(timesOf(calls, 'intake')),
        archive: latencyOf(timesOf(calls, 'archive')),
      },
      lastCalls: {
        calls: last.length,
        intake: latencyOf(timesOf(last, 'intake')),
        archive: latencyOf(timesOf(last, 'archive')),
      },
      apiPeakRssMb,
      checks,
    };
    await mkdir(args.out, { recursive: true });
    await writeFile(`${args.out}/growth.json`, `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(`${args.out}/growth.md`, markdown(report));
    console.log(`\n${markdown(report)}`);
  } finally {
    await bench.close();
    await smtp?.close();
  }
}

// --- the growth ---------------------------------------------------------------------------------

/**
 * The calls, in the order they are sent: ten intakes, then an archive, and so on; CONCURRENCY
 * clients each send the next one as soon as their last is answered. An archive takes the oldest
 * lead this run stored and has not archived yet (an admin working the inbox from its newest leads
 * would archive the same ones a little later).
 */
async function grow(bench: IntakeBench) {
  const { stack, token } = bench;
  const intakes = TO - FROM;
  const plan: CallKind[] = [];
  for (let i = 1; i <= intakes; i++) {
    plan.push('intake');
    if (i % INTAKES_PER_ARCHIVE === 0) plan.push('archive');
  }
  const calls: Call[] = [];
  const stored: string[] = [];
  const archived: string[] = [];
  const steps: Step[] = [];
  let leads = FROM;
  let stepStart = { leads: FROM, at: 0, calls: 0 };
  const started = performance.now();
  const closeStep = (at: number) => {
    const stepCalls = calls.slice(stepStart.calls);
    const step = stepOf(stepStart.leads, leads, at - stepStart.at, stepCalls);
    steps.push(step);
    console.log(
      `  ${step.from.toLocaleString('en-US')} → ${step.to.toLocaleString('en-US')} leads: ${step.intakePerSecond} leads/s; intake p50 ${step.intake.p50} ms, p95 ${step.intake.p95} ms; archive p50 ${step.archive.p50} ms, p95 ${step.archive.p95} ms (n ${step.archive.n}); load ${step.load}`,
    );
    stepStart = { leads, at, calls: calls.length };
  };

  const intake = async (): Promise<boolean> => {
    const lead = fakeLead(inbox, { days: 0, archivedRatio: 0, wordsForm: 'text' });
    const { status, id } = await postIntake(bench, paths.create, {
      name: lead.name,
      email: `${MARK}${randomBytes(6).toString('hex')}.${lead.email}`,
      ...(lead.phone_number ? { phone_number: lead.phone_number } : {}),
      subject: lead.subject,
      message: String(Reflect.get(lead, inbox.textField)),
    });
    if (status !== 201 || !id) return false;
    stored.push(id);
    return true;
  };
  const archive = async (): Promise<boolean> => {
    const id = stored[archived.length];
    if (!id) return false;
    archived.push(id);
    const res = await fetch(`${stack.apiUrl}${paths.archive}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ [inbox.idField]: id }),
    });
    // The answer read to its end: both first pages and the totals, as the panel gets them.
    const body = (await res.json()) as { success?: boolean };
    return res.status === 200 && body.success === true;
  };

  await runClients(CONCURRENCY, plan.length, async (index) => {
    const kind = plan[index] as CallKind;
    // An archive sent before any lead of this run is stored waits for one (the first few only).
    while (kind === 'archive' && stored.length <= archived.length)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const sent = performance.now();
    const ok = await (kind === 'intake' ? intake() : archive()).catch((error: unknown) => {
      console.log(`${kind} failed: ${String(error)}`);
      return false;
    });
    const at = performance.now() - started;
    calls.push({ kind, at, ms: at - (sent - started), ok });
    if (kind === 'intake' && ok) {
      leads++;
      if ((leads - FROM) % STEP === 0 || leads === TO) closeStep(at);
    }
  });
  if (leads > stepStart.leads) closeStep(performance.now() - started);
  return { calls, steps, archived };
}

function stepOf(from: number, to: number, ms: number, calls: Call[]): Step {
  const intakePerSecond = rate(to - from, ms);
  const archive = latencyOf(timesOf(calls, 'archive'));
  return {
    from,
    to,
    seconds: Math.round(ms / 100) / 10,
    intakePerSecond,
    intake: latencyOf(timesOf(calls, 'intake')),
    archive,
    load: loadNow(),
    intakeHolds: intakePerSecond >= TARGETS.intakePerSecond,
    archiveHolds: archive.n > 0 && archive.p95 <= TARGETS.archiveP95Ms,
  };
}

const timesOf = (calls: readonly Call[], kind: CallKind) =>
  calls.filter((c) => c.kind === kind).map((c) => c.ms);

const rate = (leads: number, ms: number) => Math.round((leads / (ms / 1000)) * 10) / 10;

// --- the checks ---------------------------------------------------------------------------------

/** Every intake answered 201 is stored once, every archive answered stands, the totals are exact. */
async function check(db: Db, before: KeptTotals, calls: Call[], archived: string[]) {
  const leads = db.collection(inbox.collection);
  const answered = (kind: CallKind) => calls.filter((c) => c.kind === kind && c.ok).length;
  const failed = calls.filter((c) => !c.ok).length;
  const mark = { email: { $regex: `^${MARK}` } };
  const stored = await leads.countDocuments(mark);
  const distinct = (await leads.distinct('email', mark)).length;
  const stillArchived = await leads.countDocuments({
    _id: { $in: archived.map((id) => new ObjectId(id)) },
    archivedAt: { $ne: null },
  });
  const kept = keptTotalsOf(
    (await db
      .collection<Partial<KeptTotals> & { _id: string }>('lead_totals')
      .findOne({ _id: inbox.key })) ?? {},
  );
  const counted = await countLeadTotals(db, inbox);
  const differing = (Object.keys(counted) as (keyof KeptTotals)[]).filter(
    (key) => kept[key] !== counted[key],
  );
  const intakes = answered('intake');
  return {
    intakesAnswered201: intakes,
    archivesAnswered200: answered('archive'),
    failedCalls: failed,
    storedOnce: stored === intakes && distinct === intakes && intakes === TO - FROM,
    archivedStay: stillArchived === archived.length,
    keptTotalsExact: differing.length === 0,
    keptTotals: kept,
    counted,
    grewBy:
      counted.active +
      counted.archived +
      counted.spam -
      (before.active + before.archived + before.spam),
  };
}

// --- the report ---------------------------------------------------------------------------------

type Report = {
  date: string;
  command: string;
  engine: { name: string };
  machine: string;
  load: { atStart: string; atEnd: string };
  seconds: number;
  notifications: string;
  steps: Step[];
  whole: { intakePerSecond: number; intake: Latency; archive: Latency };
  lastCalls: { calls: number; intake: Latency; archive: Latency };
  apiPeakRssMb: number;
  checks: Awaited<ReturnType<typeof check>>;
};

function markdown(report: Report): string {
  const held = (holds: boolean) => (holds ? 'held' : '**missed**');
  const n = (value: number) => value.toLocaleString('en-US');
  const steps = report.steps.map(
    (s) =>
      `| ${n(s.from)} → ${n(s.to)} | ${s.seconds} | ${s.intakePerSecond} (${held(s.intakeHolds)}) | ${s.intake.p50} / ${s.intake.p95} | ${s.archive.n} | ${s.archive.p50} / ${s.archive.p95} (${held(s.archiveHolds)}) | ${s.load} |`,
  );
  const c = report.checks;
  return `# Growth benchmark (${report.date})

Command: \`${report.command}\` (after \`npm run build\`). Engine: ${report.engine.name}. Machine: ${report.machine}, 2 cores; load (1, 5, 15 min) ${report.load.atStart} at the start, ${report.load.atEnd} at the end.
The ${inbox.panelTitle} inbox, seeded to ${n(FROM)} leads (${SEEDED.archivedRatio * 100}% archived), grows to ${n(TO)} through the public intake (POSTs with a trusted sender's X-Intake-Key, spam filter on) at concurrency ${CONCURRENCY}, with one archive call through the admin API (its answer: both first pages and the totals) for every ${INTAKES_PER_ARCHIVE} intakes. Notifications: ${report.notifications}. Latency is the client's, from sending to the end of the answer. Whole run: ${Math.round(report.seconds)} s.

Targets while growing: intake >= ${TARGETS.intakePerSecond} leads/s; archive with its answer p95 <= ${n(TARGETS.archiveP95Ms)} ms.

| leads | seconds | intake leads/s | intake p50 / p95 ms | archives | archive p50 / p95 ms | load at step end |
|---|---:|---:|---:|---:|---:|---|
${steps.join('\n')}
| whole growth | ${report.seconds} | ${report.whole.intakePerSecond} | ${report.whole.intake.p50} / ${report.whole.intake.p95} | ${report.whole.archive.n} | ${report.whole.archive.p50} / ${report.whole.archive.p95} | |

Last ${report.lastCalls.calls} calls: intake p50 ${report.lastCalls.intake.p50} ms, p95 ${report.lastCalls.intake.p95} ms (${report.lastCalls.intake.n} calls); archive p50 ${report.lastCalls.archive.p50} ms, p95 ${report.lastCalls.archive.p95} ms (${report.lastCalls.archive.n} calls).

API peak RSS: ${report.apiPeakRssMb} MB.

## Checks

| check | result |
|---|---|
| intakes answered 201 | ${c.intakesAnswered201} of ${n(TO - FROM)} |
| archives answered 200 | ${c.archivesAnswered200} |
| failed calls | ${c.failedCalls} |
| every lead stored once | ${c.storedOnce ? 'yes' : '**no**'} |
| every archived lead archived | ${c.archivedStay ? 'yes' : '**no**'} |
| kept totals exact (active ${c.keptTotals.active}, archived ${c.keptTotals.archived}, unread ${c.keptTotals.unread}, spam ${c.keptTotals.spam}) | ${c.keptTotalsExact ? 'yes' : `**no**: counted ${JSON.stringify(c.counted)}`} |
`;
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
