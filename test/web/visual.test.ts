/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import pixelmatch from 'pixelmatch';
import { type Browser } from 'playwright-core';
import { PNG } from 'pngjs';

import { launchBrowser, webUrl } from '../support/browser';

/**
 * The landing page's look at each width the issue names, against committed baselines: a layout
 * slip (something cut off, overlapping, pushed wider) changes many pixels and fails; antialiasing
 * noise does not. Taken with motion reduced (the counters show their final figures, nothing fades
 * in) once the web fonts and images are in, so two runs of one build give the same picture.
 *
 * Pictures are kept at half size (each pixel the mean of four): a layout slip still shows, and the
 * seven baselines weigh a quarter of full size in the repository.
 *
 * After an intended change of the landing's look: `npm run build`, then
 * `UPDATE_VISUAL_BASELINES=1 npx jest --selectProjects web test/web/visual`, and look at the new
 * pictures in test/web/visual-baselines/ before committing them.
 */
const WIDTHS = [320, 375, 768, 1024, 1280, 1440, 1920];
const BASELINES = join(__dirname, 'visual-baselines');
const DIFFS = join(process.cwd(), 'test-results', 'visual');
/**
 * Pixels (of the halved picture) that may differ beyond pixelmatch's per-pixel threshold, which
 * already forgives antialiasing: a count, not a share, so a small slip on a long page still fails
 * (two runs of one build on this machine differ by none).
 */
const MAX_DIFFERING_PIXELS = 50;
const UPDATE = process.env.UPDATE_VISUAL_BASELINES === '1';

describe('the landing page looks as it did', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(WIDTHS)('at %i px', async (width) => {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      reducedMotion: 'reduce',
      colorScheme: 'light',
    });
    try {
      const page = await context.newPage();
      await page.goto(webUrl('/'), { waitUntil: 'load' });
      await page.evaluate(async () => {
        await document.fonts.ready;
        // Lazy images below the fold: load them all before the picture is taken.
        const images = Array.from(document.images);
        for (const image of images) image.loading = 'eager';
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      });
      const shot = halved(
        PNG.sync.read(
          await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }),
        ),
      );
      const file = join(BASELINES, `landing-${width}.png`);
      if (UPDATE || !existsSync(file)) {
        // A missing baseline is written and the test fails: a first picture proves nothing.
        mkdirSync(BASELINES, { recursive: true });
        writeFileSync(file, PNG.sync.write(shot));
        if (!UPDATE)
          throw new Error(`no baseline for ${width} px: wrote ${file}; review and commit it`);
        return;
      }
      const baseline = PNG.sync.read(readFileSync(file));
      expect({ width: shot.width, height: shot.height }).toEqual({
        width: baseline.width,
        height: baseline.height,
      });
      const diff = new PNG({ width: shot.width, height: shot.height });
      const differing = pixelmatch(baseline.data, shot.data, diff.data, shot.width, shot.height, {
        threshold: 0.1,
      });
      if (differing > MAX_DIFFERING_PIXELS) {
        mkdirSync(DIFFS, { recursive: true });
        writeFileSync(join(DIFFS, `landing-${width}-actual.png`), PNG.sync.write(shot));
        writeFileSync(join(DIFFS, `landing-${width}-diff.png`), PNG.sync.write(diff));
      }
      // The width in the failure message says which picture to look at in test-results/visual/.
      expect({ width, differing }).toEqual({
        width,
        differing:
          differing <= MAX_DIFFERING_PIXELS ? differing : `at most ${MAX_DIFFERING_PIXELS}`,
      });
    } finally {
      await context.close();
    }
  });
});

/** The picture at half its width and height, each pixel the mean of the 2 x 2 it stands for. */
function halved(source: PNG): PNG {
  const width = Math.floor(source.width / 2);
  const height = Math.floor(source.height / 2);
  const out = new PNG({ width, height });
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      for (let channel = 0; channel < 4; channel += 1) {
        let sum = 0;
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const)
          sum += source.data[((2 * y + dy) * source.width + 2 * x + dx) * 4 + channel]!;
        out.data[(y * width + x) * 4 + channel] = Math.round(sum / 4);
      }
  return out;
}
