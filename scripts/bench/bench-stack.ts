import { appendFileSync, readFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { loadavg } from 'node:os';

import { type Db } from 'mongodb';
import { SMTPServer } from 'smtp-server';

import { type LeadKindDescriptor } from '../../nest/src/contract';
import { seedBulk, type SeededLead } from '../seed/bulk-seed';
import { fakeLead, type FakeLead, wordsFormOfDb } from '../seed/fake-leads';

// What the benchmarks of the built product share around it: the servers' log, a mail server for
// what the API sends, the API's memory, the machine's load, and leads put straight into the database.

/**
 * The servers' own lines go to the console only when something is wrong (all of them to
 * BENCH_SERVER_LOG when it names a file).
 */
export function benchServerLog(line: string): void {
  if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, `${line}\n`);
  if (/error|warn|exit|fail/i.test(line)) console.log(line);
}

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it. */
export const loadNow = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** An SMTP server on loopback that accepts and drops every mail (replies', notifications' far end). */
export async function startMailSink(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('end', () => done());
      stream.resume();
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise((closed) => server.close(() => closed())) };
}

/** A process's resident memory now, in MB. */
export function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples a process's resident memory every 25 ms until stopped; answers the peak, in MB. */
export function peakRss(pid: number | undefined): { stop: () => number } {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
  return {
    stop: () => {
      clearInterval(sampler);
      return Math.round(peak * 100) / 100;
    },
  };
}

/**
 * Adds `count` realistic leads of the last `days` days (a share archived) straight into the
 * database, each made over by `decorate` if given, with every kept figure made right (so the API
 * drops what it cached).
 */
export async function seedLeads(
  db: Db,
  kind: LeadKindDescriptor,
  count: number,
  options: {
    days: number;
    archivedRatio: number;
    decorate?: (lead: FakeLead) => SeededLead;
  },
): Promise<void> {
  const wordsForm = await wordsFormOfDb(db);
  const { days, archivedRatio, decorate = (lead) => lead } = options;
  await seedBulk(db, kind, count, () =>
    decorate(fakeLead(kind, { days, archivedRatio, wordsForm })),
  );
}
