/**
 * `npm run bench:assignment`: intake throughput with automatic assignment on (round-robin over
 * three admins) against off, on the same run: the built product as real processes on a fresh
 * embedded database (or MONGODB_URI), phases in mirrored pairs off, on, on, off, … (`--rounds` of
 * each) of `--leads` intake POSTs at `--concurrency`, so a drift of the machine's load and the
 * inbox's growth fall on both alike. One pair off, on runs first and is not counted (`--warmup`):
 * a fresh process's first phase is its slowest, and counted it would lower "off" alone.
 * Reports each phase's leads/s and latencies, and on/off of the summed rates (target: at least
 * 0.9, issue 35). An arrival's owner is written with its insert (decision 0043); one whose round
 * failed is stored marked and given its owner after the answer (decision 0041), so after each
 * "on" phase the bench still waits, untimed, until none of its leads waits for the rule and reports
 * that wait (`drain`: from the phase's last answer, its own reads included).
 * Checks at the end that every lead of the "on" phases has exactly one owner.
 * Writes reports/bench/assignment.{json,md}.
 *
 *   npm run build && npm run bench:assignment [-- --leads 600 --rounds 6 --concurrency 20 --warmup 1]
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { type Db, ObjectId } from 'mongodb';

import {
  ADMINS_PATH,
  ASSIGNMENT_PATH,
  LEAD_KINDS,
  leadFields,
  leadPaths,
} from '../../nest/src/contract';
import { fakeLead } from '../seed/fake-leads';
import { type WebStack } from '../stack/web-stack';

import { loadNow } from './bench-stack';
import { type IntakeBench, openIntakeBench, postIntake, runClients } from './intake-driver';
import { type Latency, latencyOf } from './stats';

const { values: args } = parseArgs({
  options: {
    // 12 phases of 600: shorter runs moved the ratio by ±0.1 from one run to the next.
    leads: { type: 'string', default: '600' },
    rounds: { type: 'string', default: '6' },
    concurrency: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '1' },
    out: { type: 'string', default: 'reports/bench' },
    'build-dir': { type: 'string' },
  },
});
const LEADS = Number(args.leads);
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const WARMUP = Number(args.warmup);
const TARGET_RATIO = 0.9;
const inbox = LEAD_KINDS.keDemo;
const paths = leadPaths(inbox);

interface Phase {
  rule: Rule;
  leadsPerSecond: number;
  intake: Latency;
  load: string;
  /** "On" phases: ms from the phase's last answer until none of its leads waited for the rule. */
  drainMs?: number;
}

type Rule = 'off' | 'round-robin';
/**
 * Off, on, then on, off, and so on: each intake makes the inbox larger, and on FerretDB 1.x a
 * larger inbox is a slower write (issue 36), so a plain off, on, off, on order gives every "on"
 * phase a larger inbox than the "off" before it. Mirrored pairs give both the same mean size.
 */
const PHASE_ORDER = [
  ['off', 'round-robin'],
  ['round-robin', 'off'],
] as const;

/** How long to wait for a phase's rounds before the bench gives up on them. */
const DRAIN_LIMIT_MS = 120_000;

async function main(): Promise<void> {
  if (!(LEADS > 0 && ROUNDS > 0 && CONCURRENCY > 0 && WARMUP >= 0))
    throw new Error('--leads, --rounds and --concurrency must be positive, --warmup at least 0');
  const bench = await openIntakeBench({ buildDir: args['build-dir'] });
  const { stack, db, engine, loadAtStart, token } = bench;
  try {
    const admins = await threeAdmins(stack, token);
    /** One phase under `rule`; an "on" one is followed, untimed, by its rounds' drain. */
    const runPhase = async (rule: Rule) => {
      await setRule(stack, token, rule, admins);
      const { ids, phase } = await intakePhase(bench, rule);
      if (rule === 'round-robin') phase.drainMs = await untilNoneWaits(db, ids);
      return { ids, phase };
    };
    const warmup: Phase[] = [];
    for (let round = 0; round < WARMUP; round++)
      for (const rule of PHASE_ORDER[0] as readonly Rule[]) {
        const { phase } = await runPhase(rule);
        warmup.push(phase);
        console.log(`  warm-up, not counted: ${rule}: ${phase.leadsPerSecond} leads/s`);
      }
    const phases: Phase[] = [];
    const onIds: string[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const rule of PHASE_ORDER[round % 2] as readonly Rule[]) {
        const { ids, phase } = await runPhase(rule);
        if (rule === 'round-robin') onIds.push(...ids);
        phases.push(phase);
        console.log(
          `  ${rule}: ${phase.leadsPerSecond} leads/s; intake p50 ${phase.intake.p50} ms, p95 ${phase.intake.p95} ms; load ${phase.load}${phase.drainMs === undefined ? '' : `; rounds done ${phase.drainMs} ms after the last answer`}`,
        );
      }
    const sum = (rule: Phase['rule']) =>
      phases.filter((p) => p.rule === rule).reduce((total, p) => total + p.leadsPerSecond, 0);
    const ratio = Math.round((sum('round-robin') / sum('off')) * 100) / 100;
    const owners = await db
      .collection(inbox.collection)
      .find({ _id: { $in: onIds.map((id) => new ObjectId(id)) } })
      .toArray();
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:assignment -- --leads ${LEADS} --rounds ${ROUNDS} --concurrency ${CONCURRENCY} --warmup ${WARMUP}`,
      engine,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      load: { atStart: loadAtStart, atEnd: loadNow() },
      warmup,
      phases,
      ratio,
      target: TARGET_RATIO,
      holds: ratio >= TARGET_RATIO,
      checks: {
        onLeads: onIds.length,
        withOwner: owners.filter((lead) => lead.assigneeId).length,
      },
    };
    await mkdir(args.out, { recursive: true });
    await writeFile(`${args.out}/assignment.json`, `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(`${args.out}/assignment.md`, markdown(report));
    console.log(`\n${markdown(report)}`);
  } finally {
    await bench.close();
  }
}

/**
 * Waits until none of these leads is marked as waiting for the rule (decision 0041), polling;
 * answers how long that took, or throws past DRAIN_LIMIT_MS.
 */
async function untilNoneWaits(db: Db, ids: string[]): Promise<number> {
  const started = performance.now();
  const filter = { _id: { $in: ids.map((id) => new ObjectId(id)) }, assignWaiting: 'pending' };
  while ((await db.collection(inbox.collection).countDocuments(filter)) > 0) {
    if (performance.now() - started > DRAIN_LIMIT_MS)
      throw new Error(`leads still waited for the rule ${DRAIN_LIMIT_MS} ms after the phase`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Math.round(performance.now() - started);
}

/** The stack's admin and two more: the rotation's eligible admins. */
async function threeAdmins(stack: WebStack, token: string): Promise<string[]> {
  for (const name of ['bo', 'cy']) {
    const res = await fetch(`${stack.apiUrl}${ADMINS_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${name}@example.com`,
        password: randomBytes(12).toString('base64url'),
      }),
    });
    if (res.status !== 201) throw new Error(`adding an admin answered ${res.status}`);
  }
  const res = await fetch(`${stack.apiUrl}${ADMINS_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { admins } = (await res.json()) as { admins: { id: string }[] };
  return admins.map((admin) => admin.id);
}

async function setRule(
  stack: WebStack,
  token: string,
  rule: Phase['rule'],
  admins: string[],
): Promise<void> {
  const res = await fetch(`${stack.apiUrl}${ASSIGNMENT_PATH}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      assignment: { [inbox.key]: { rule, admins: rule === 'off' ? [] : admins, cap: null } },
    }),
  });
  if (res.status !== 200) throw new Error(`setting the rule answered ${res.status}`);
}

/** LEADS intake POSTs at CONCURRENCY; the ids stored. */
async function intakePhase(
  bench: IntakeBench,
  rule: Phase['rule'],
): Promise<{ ids: string[]; phase: Phase }> {
  const ids: string[] = [];
  const times: number[] = [];
  const started = performance.now();
  const post = async () => {
    const lead = fakeLead(inbox, { days: 0, archivedRatio: 0, wordsForm: 'text' });
    const sent = performance.now();
    const { status, id } = await postIntake(bench, paths.create, {
      ...Object.fromEntries(
        leadFields(inbox).map((field) => [field, String(Reflect.get(lead, field) ?? '')]),
      ),
      email: `bench-${randomBytes(6).toString('hex')}.${lead.email}`,
    });
    if (status !== 201 || !id) throw new Error(`intake answered ${status}`);
    times.push(performance.now() - sent);
    ids.push(id);
  };
  await runClients(CONCURRENCY, LEADS, post);
  const seconds = (performance.now() - started) / 1000;
  return {
    ids,
    phase: {
      rule,
      leadsPerSecond: Math.round((LEADS / seconds) * 10) / 10,
      intake: latencyOf(times),
      load: loadNow(),
    },
  };
}

function markdown(report: {
  date: string;
  command: string;
  engine: { name: string };
  load: { atStart: string; atEnd: string };
  warmup: Phase[];
  phases: Phase[];
  ratio: number;
  holds: boolean;
  checks: { onLeads: number; withOwner: number };
}): string {
  const rows = report.phases.map(
    (p) =>
      `| ${p.rule} | ${p.leadsPerSecond} | ${p.intake.p50} | ${p.intake.p95} | ${p.drainMs ?? ''} | ${p.load} |`,
  );
  return [
    `# Intake with automatic assignment on and off (${report.date})`,
    '',
    `\`${report.command}\` on ${report.engine.name}; load ${report.load.atStart} → ${report.load.atEnd}`,
    '',
    '| rule | leads/s | intake p50 ms | intake p95 ms | rounds done after the last answer, ms | load |',
    '| ---- | ------- | ------------- | ------------- | ------------------------------------- | ---- |',
    ...rows,
    '',
    `Warm-up first, not counted: ${report.warmup.map((p) => `${p.rule} ${p.leadsPerSecond} leads/s`).join(', ') || 'none'}.`,
    '',
    `On/off: **${report.ratio}** (target ≥ ${TARGET_RATIO}: ${report.holds ? 'holds' : 'missed'}). Leads of the "on" phases with an owner: ${report.checks.withOwner} of ${report.checks.onLeads}.`,
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
