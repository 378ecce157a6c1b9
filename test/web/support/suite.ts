import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type Page } from 'playwright-core';

import { launchBrowser } from '../../support/browser';

import { LeadsDb } from './leads-db';

/**
 * A browser and a database connection for one describe block, opened before its tests and closed
 * after them. Read the fields inside tests and hooks (they are set in beforeAll).
 */
export function useBrowserAndDb(): { browser: Browser; db: LeadsDb } {
  const suite = {} as { browser: Browser; db: LeadsDb };
  beforeAll(async () => {
    suite.browser = await launchBrowser();
    suite.db = await LeadsDb.connect();
  });
  afterAll(async () => {
    await suite.db?.close();
    await suite.browser?.close();
  });
  return suite;
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await analyzeSettled(page)).violations
    .filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every axe-core finding on the page as it is now, whatever its impact, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await analyzeSettled(page)).violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * axe-core on the page once its transitions have ended: a button caught fading between Bootstrap's
 * colours (0.15 s) failed colour contrast now and then in CI, though both of its states pass. The
 * pointer left where the last click was can hover a button of the next page a frame later, so it
 * is moved off first and two frames pass before the running transitions are awaited.
 */
async function analyzeSettled(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  return new AxeBuilder({ page }).analyze();
}
