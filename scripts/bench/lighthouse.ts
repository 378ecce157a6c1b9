/**
 * `npm run lighthouse`: Lighthouse 12 (Node 20) on the production build of the landing page, driving
 * Debian Chromium (CHROME_PATH, default /usr/bin/chromium). Mobile and desktop presets, five runs
 * each (LIGHTHOUSE_RUNS); the medians go to reports/lighthouse/summary.{json,md}, with where the
 * largest paint's time goes (its element and phases). Needs `npm run build` first.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../stack/chromium';
import { startWebStack } from '../stack/web-stack';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT_DIR = join(process.cwd(), 'reports', 'lighthouse');

/** Lighthouse's breakdown of the largest contentful paint, in milliseconds. */
interface LcpPhases {
  ttfb: number;
  loadDelay: number;
  loadTime: number;
  renderDelay: number;
}
const PHASE_LABELS: Record<string, keyof LcpPhases> = {
  TTFB: 'ttfb',
  'Load Delay': 'loadDelay',
  'Load Time': 'loadTime',
  'Render Delay': 'renderDelay',
};

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  /** The element of the largest paint, as Lighthouse names it. */
  lcpElement: string;
  lcpPhases: LcpPhases;
  /** Render-blocking requests and what Lighthouse estimates they cost. */
  renderBlocking: { url: string; wastedMs: number }[];
  cls: number;
  tbtMs: number;
  totalBytes: number;
  jsBytes: number;
  cssBytes: number;
  fontBytes: number;
  imageBytes: number;
}

type Preset = 'mobile' | 'desktop';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * One Lighthouse run in a Chromium of its own: reusing one browser across runs made Lighthouse 12
 * fail now and then with NO_NAVSTART. A run that fails that way is tried again, up to twice.
 */
async function runFresh(url: string, preset: Preset, attempt = 1): Promise<RunResult> {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    return await runOnce(url, preset, chrome.port);
  } catch (error) {
    if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
    console.warn(`${preset}: Lighthouse could not record the trace (NO_NAVSTART); running again`);
    return runFresh(url, preset, attempt + 1);
  } finally {
    chrome.kill();
  }
}

async function runOnce(url: string, preset: Preset, port: number): Promise<RunResult> {
  const { default: lighthouse } = await import('lighthouse');
  const config =
    preset === 'desktop'
      ? (await import('lighthouse/core/config/desktop-config.js')).default
      : undefined;
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    config,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const bytesOf = (type: string) => {
    const items =
      (
        lhr.audits['resource-summary']?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items ?? [];
    return items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  };
  // The LCP element audit holds two tables: the element, then its phases.
  const lcpTables =
    (
      lhr.audits['largest-contentful-paint-element']?.details as {
        items?: { items?: Record<string, unknown>[] }[];
      }
    )?.items ?? [];
  const lcpNode = lcpTables[0]?.items?.[0]?.node as { nodeLabel?: string } | undefined;
  const lcpPhases: LcpPhases = { ttfb: NaN, loadDelay: NaN, loadTime: NaN, renderDelay: NaN };
  for (const row of lcpTables[1]?.items ?? []) {
    const key = PHASE_LABELS[String(row.phase)];
    if (key) lcpPhases[key] = Number(row.timing);
  }
  const renderBlocking = (
    (
      lhr.audits['render-blocking-resources']?.details as {
        items?: { url: string; wastedMs?: number }[];
      }
    )?.items ?? []
  ).map((item) => ({ url: new URL(item.url).pathname, wastedMs: Math.round(item.wastedMs ?? 0) }));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunResult['scores'],
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    lcpElement: lcpNode?.nodeLabel ?? 'unknown',
    lcpPhases,
    renderBlocking,
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    totalBytes: audit('total-byte-weight'),
    jsBytes: bytesOf('script'),
    cssBytes: bytesOf('stylesheet'),
    fontBytes: bytesOf('font'),
    imageBytes: bytesOf('image'),
  };
}

function summarise(runs: RunResult[]): RunResult {
  const pick = (f: (r: RunResult) => number) => median(runs.map(f));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, pick((r) => r.scores[c])]),
    ) as RunResult['scores'],
    fcpMs: Math.round(pick((r) => r.fcpMs)),
    lcpMs: Math.round(pick((r) => r.lcpMs)),
    lcpElement: mostCommon(runs.map((r) => r.lcpElement)),
    lcpPhases: {
      ttfb: Math.round(pick((r) => r.lcpPhases.ttfb)),
      loadDelay: Math.round(pick((r) => r.lcpPhases.loadDelay)),
      loadTime: Math.round(pick((r) => r.lcpPhases.loadTime)),
      renderDelay: Math.round(pick((r) => r.lcpPhases.renderDelay)),
    },
    renderBlocking: runs[0]?.renderBlocking ?? [],
    cls: Number(pick((r) => r.cls).toFixed(4)),
    tbtMs: Math.round(pick((r) => r.tbtMs)),
    totalBytes: Math.round(pick((r) => r.totalBytes)),
    jsBytes: Math.round(pick((r) => r.jsBytes)),
    cssBytes: Math.round(pick((r) => r.cssBytes)),
    fontBytes: Math.round(pick((r) => r.fontBytes)),
    imageBytes: Math.round(pick((r) => r.imageBytes)),
  };
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function markdown(results: Record<Preset, RunResult>, meta: Record<string, string>): string {
  const rows = (Object.keys(results) as Preset[]).map((preset) => {
    const r = results[preset];
    return `| ${preset} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.lcpMs} ms | ${r.cls} | ${r.tbtMs} ms | ${kb(r.totalBytes)} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${kb(r.fontBytes)} | ${kb(r.imageBytes)} |`;
  });
  return [
    '# Lighthouse: landing page (production build)',
    '',
    `Command: \`npm run build && npm run lighthouse\`. ${meta.runs} runs per preset, medians. ${meta.lighthouse}, ${meta.chromium}, ${meta.date}.`,
    'Transfer sizes are compressed bytes over the wire (localhost, so timings are Lighthouse simulated throttling).',
    '',
    '| preset | performance | accessibility | best practices | SEO | LCP | CLS | TBT | total transfer | JS | CSS | fonts | images |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '## Where the largest paint goes (medians)',
    '',
    '| preset | element | FCP | TTFB | load delay | load time | render delay | render-blocking requests |',
    '|---|---|---|---|---|---|---|---|',
    ...(Object.keys(results) as Preset[]).map((preset) => {
      const r = results[preset];
      const p = r.lcpPhases;
      const blocking =
        r.renderBlocking.map((b) => `${b.url} (${b.wastedMs} ms)`).join(', ') || 'none';
      return `| ${preset} | ${r.lcpElement} | ${r.fcpMs} ms | ${p.ttfb} ms | ${p.loadDelay} ms | ${p.loadTime} ms | ${p.renderDelay} ms | ${blocking} |`;
    }),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const stack = await startWebStack();
  try {
    const url = stack.webUrl;
    const results = {} as Record<Preset, RunResult>;
    const raw: Record<string, RunResult[]> = {};
    for (const preset of ['mobile', 'desktop'] as const) {
      raw[preset] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await runFresh(url, preset);
        raw[preset].push(run);
        console.log(
          `${preset} run ${i + 1}/${RUNS}: performance ${run.scores.performance}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}`,
        );
      }
      results[preset] = summarise(raw[preset]);
    }
    const { version } = JSON.parse(
      await readFile(join(process.cwd(), 'node_modules/lighthouse/package.json'), 'utf8'),
    ) as { version: string };
    const meta = {
      runs: String(RUNS),
      lighthouse: `Lighthouse ${version}`,
      chromium: await chromiumVersion(),
      date: new Date().toISOString().slice(0, 10),
    };
    await mkdir(OUT_DIR, { recursive: true });
    await writeFile(
      join(OUT_DIR, 'summary.json'),
      `${JSON.stringify({ meta, medians: results, runs: raw }, null, 2)}\n`,
    );
    const md = markdown(results, meta);
    await writeFile(join(OUT_DIR, 'summary.md'), md);
    console.log(`\n${md}`);
  } finally {
    await stack.stop();
  }
}

async function chromiumVersion(): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) =>
    execFile(CHROMIUM_PATH, ['--version'], (error, stdout) =>
      resolve(error ? 'Chromium (version unknown)' : stdout.trim()),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
