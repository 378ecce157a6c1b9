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
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every axe-core finding on the page as it is now, whatever its impact, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
