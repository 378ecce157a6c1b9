/**
 * `npm run bench:landing`: the landing page as the web server answers it (`GET /`, kept rendered
 * with a nonce per answer: remix/landing-cache.ts) against the floor of the same Node web server
 * sending the same HTML as a static file, and a variant rendered on every request (`/?contact`, the
 * no-JavaScript form). All with autocannon in one run, one after the other, at 50 connections for
 * the same time; the target (issue 9): `/` at least half the static floor's throughput, p99 at most
 * 100 ms. Writes reports/bench/landing.{json,md}.
 *
 *   npm run build && npm run bench:landing [-- --seconds 10 --connections 50]
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { startWebStack } from '../stack/web-stack';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string', default: 'reports/bench' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const TARGET = { throughputShare: 0.5, p99Ms: 100 };
/** Served by the web server's own static middleware (build/web/client), as its assets are. */
const STATIC_DIR = join('build/web/client', '__bench__');
const STATIC_PATH = '/__bench__/landing.html';

interface Run {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

async function measure(url: string): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

async function main(): Promise<void> {
  const stack = await startWebStack();
  try {
    const html = await (await fetch(`${stack.webUrl}/`)).text();
    await mkdir(STATIC_DIR, { recursive: true });
    await writeFile(join(STATIC_DIR, 'landing.html'), html);
    // Warm both paths (module caches, JIT) before measuring.
    for (const path of ['/', '/?contact', STATIC_PATH])
      for (let i = 0; i < 50; i += 1) await (await fetch(`${stack.webUrl}${path}`)).text();

    const load = loadavg().map((n) => n.toFixed(2));
    const ssr = await measure(`${stack.webUrl}/`);
    const rendered = await measure(`${stack.webUrl}/?contact`);
    const floor = await measure(`${stack.webUrl}${STATIC_PATH}`);
    const share = ssr.requestsPerSecond / floor.requestsPerSecond;
    const held = {
      throughput: share >= TARGET.throughputShare,
      p99: ssr.p99Ms <= TARGET.p99Ms,
      noFailures: ssr.non2xx + ssr.errors + floor.non2xx + floor.errors === 0,
    };
    const report = {
      date: new Date().toISOString(),
      command: 'npm run build && npm run bench:landing',
      machine: { cores: cpus().length, loadAverageAtStart: load },
      connections: CONNECTIONS,
      seconds: SECONDS,
      ssr,
      renderedEachRequest: rendered,
      staticFloor: floor,
      ssrShareOfFloor: Number(share.toFixed(3)),
      target: TARGET,
      held,
    };
    await mkdir(args.out, { recursive: true });
    await writeFile(join(args.out, 'landing.json'), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(join(args.out, 'landing.md'), markdown(report));
    console.log(markdown(report));
    if (!Object.values(held).every(Boolean)) process.exitCode = 1;
  } finally {
    await rm(STATIC_DIR, { recursive: true, force: true });
    await stack.stop();
  }
}

function markdown(r: {
  date: string;
  command: string;
  machine: { cores: number; loadAverageAtStart: string[] };
  ssr: Run;
  renderedEachRequest: Run;
  staticFloor: Run;
  ssrShareOfFloor: number;
  held: Record<string, boolean>;
}): string {
  const row = (name: string, run: Run) =>
    `| ${name} | ${run.requestsPerSecond} | ${run.p50Ms} | ${run.p99Ms} | ${run.non2xx + run.errors} | ${run.bytesPerResponse} |`;
  return `# Landing page: server rendering against a static file

${r.date}, \`${r.command}\`, ${r.machine.cores} cores, load ${r.machine.loadAverageAtStart.join(' ')} at start;
autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, the same web server process.

| what | requests/s | p50 ms | p99 ms | failures | bytes/answer |
| --- | ---: | ---: | ---: | ---: | ---: |
${row('GET / (rendered once per process, a nonce per answer)', r.ssr)}
${row('GET /?contact (rendered on every request)', r.renderedEachRequest)}
${row('the same HTML as GET / as a static file', r.staticFloor)}

\`GET /\` throughput is ${(r.ssrShareOfFloor * 100).toFixed(1)}% of the static floor (target at least ${TARGET.throughputShare * 100}%: ${r.held.throughput ? 'held' : 'missed'}); its p99 ${r.ssr.p99Ms} ms (target at most ${TARGET.p99Ms} ms: ${r.held.p99 ? 'held' : 'missed'}).
`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
