/**
 * `npm run lighthouse`: Lighthouse 12 (Node 20) on the production build of the landing page, driving
 * Debian Chromium (CHROME_PATH, default /usr/bin/chromium). Mobile and desktop presets, three runs
 * each; the medians go to reports/lighthouse/summary.{json,md}. Needs `npm run build` first.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/browser';
import { startWebStack } from '../test/support/web-stack';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT_DIR = join(process.cwd(), 'reports', 'lighthouse');

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
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
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunResult['scores'],
    lcpMs: audit('largest-contentful-paint'),
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
    lcpMs: Math.round(pick((r) => r.lcpMs)),
    cls: Number(pick((r) => r.cls).toFixed(4)),
    tbtMs: Math.round(pick((r) => r.tbtMs)),
    totalBytes: Math.round(pick((r) => r.totalBytes)),
    jsBytes: Math.round(pick((r) => r.jsBytes)),
    cssBytes: Math.round(pick((r) => r.cssBytes)),
    fontBytes: Math.round(pick((r) => r.fontBytes)),
    imageBytes: Math.round(pick((r) => r.imageBytes)),
  };
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
