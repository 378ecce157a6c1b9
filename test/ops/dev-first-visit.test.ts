import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Page } from 'playwright-core';

import { launchBrowser } from '../support/browser';

import { startSupervised, type Supervised, waitFor, whenServing } from './support/supervised';

/** What Vite prints when it finds a dependency it had not optimized, and reloads the page. */
const LATE_DEPENDENCY = /new dependencies optimized|optimized dependencies changed|reloading/i;

/**
 * `npm run dev` on a fresh Vite cache (issue 32): the first things a newcomer clicks work the first
 * time. Every client dependency is optimized at start (vite.config.ts, optimizeDeps.include), so no
 * late discovery reloads the page under them.
 */
describe('npm run dev, first visits', () => {
  let app: Supervised | undefined;
  let cacheDir: string | undefined;
  afterAll(async () => {
    await app?.destroy();
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  });

  /** Set on the page's window: a full reload loses it, a client-side navigation keeps it. */
  const mark = (page: Page) => page.evaluate(() => Object.assign(window, { firstVisitMark: 1 }));
  const marked = (page: Page) =>
    page.evaluate(() => (window as { firstVisitMark?: number }).firstVisitMark === 1);

  it('SEND on the empty form, sign in and Insights, without a reload', async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'vite-cache-'));
    app = await startSupervised('dev', { VITE_CACHE_DIR: cacheDir });
    await whenServing(app, 150_000);
    const password = (await readFile(join(app.dataDir, 'demo-admin-password'), 'utf8')).trim();

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });

      await page.goto(app.webUrl);
      await page.getByRole('button', { name: 'Contact Us' }).click({ timeout: 60_000 });
      const dialog = page.getByRole('dialog', { name: 'Contact Us:' });
      await dialog.waitFor({ timeout: 60_000 });
      await mark(page);
      await dialog.getByRole('button', { name: 'SEND' }).click();
      await dialog.getByText('*required field').first().waitFor({ timeout: 30_000 });
      expect(await marked(page)).toBe(true);

      await page.goto(`${app.webUrl}/super-secret-admin`);
      await page.getByPlaceholder('Email').waitFor({ timeout: 60_000 });
      await mark(page);
      await page.getByPlaceholder('Email').fill('admin@example.com');
      await page.getByPlaceholder('Password').fill(password);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 60_000 });
      expect(await marked(page)).toBe(true);

      await page.getByRole('link', { name: 'Insights' }).click();
      await page.getByRole('heading', { name: 'Insights', level: 2 }).waitFor({ timeout: 60_000 });
      await page.getByLabel('Time zone').waitFor();
      expect(await marked(page)).toBe(true);
      // A late discovery's reload comes a moment after the request that found it.
      await page.waitForTimeout(2_000);
      expect(await marked(page)).toBe(true);

      expect(errors.filter((e) => /useActionData|Unexpected Application Error/.test(e))).toEqual(
        [],
      );
      await waitFor('the web server’s log', () => app?.output().includes('web'), 1_000, app);
      const late = (app.output().match(new RegExp(`^.*(?:${LATE_DEPENDENCY.source}).*$`, 'gim')) ??
        []) as string[];
      expect(late).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
