/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext, type Page } from 'playwright-core';

import { LEAD_KIND_KEYS } from '../../nest/src/contract';
import { openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

const QUEUE = `${ADMIN_PATH}/queue`;
/** More than two pages of 50 across the four kinds. */
const PER_KIND = 30;

/**
 * The queue (issue 32) in a real browser: one list of every kind, filtered and sorted through its
 * URL, paged, worked by keyboard, the lead beside the list at 1280 px and on its own page at 375.
 */
describe('the queue in a real browser', () => {
  const contexts: BrowserContext[] = [];
  const tag = LeadsDb.tag();
  // Before the suite's own afterAll (registered below), which closes the database connection.
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await suite.db.removeTagged(tag);
  });
  const suite = useBrowserAndDb();
  /** The tagged leads' names, newest first. */
  let newest: string[];

  beforeAll(async () => {
    const made: { name: string; at: number }[] = [];
    for (const [i, kind] of LEAD_KIND_KEYS.entries()) {
      // Each kind's leads a minute apart, the kinds a few seconds apart: interleaved in one list.
      const leads = await suite.db.insert(kind, tag, PER_KIND, { ageMs: i * 5_000 });
      leads.forEach((lead, j) =>
        made.push({ name: lead.name, at: Date.now() - i * 5_000 - (PER_KIND - j) * 60_000 }),
      );
    }
    newest = made.sort((a, b) => b.at - a.at).map((lead) => lead.name);
  });

  async function queue(width: number, search = `?q=${tag}`): Promise<Page> {
    // The page's CSP (script nonces) would refuse the axe script the test injects.
    const context = await suite.browser.newContext({
      viewport: { width, height: 900 },
      bypassCSP: true,
    });
    contexts.push(context);
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto(webUrl(`${QUEUE}${search}`));
    await page.getByRole('heading', { name: 'Queue' }).waitFor();
    return page;
  }

  const names = (page: Page) => page.locator('.queue-row__name').allTextContents();

  it('is first in the navigation and lists every kind in one list, paged to the end', async () => {
    const page = await queue(1280);
    const nav = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
    await expect(nav.first().textContent()).resolves.toBe('Queue');
    expect(await page.locator('.queue__hint').textContent()).toContain('?');
    const seen: string[] = [];
    for (;;) {
      seen.push(...(await names(page)));
      const next = page.getByRole('link', { name: 'Next page' });
      if ((await next.count()) === 0) break;
      const top = await page.locator('.queue-row__link').first().getAttribute('href');
      await next.click();
      // The next page is in once its first row is another lead.
      await page.waitForFunction(
        (before) => document.querySelector('.queue-row__link')?.getAttribute('href') !== before,
        top,
      );
    }
    expect(seen).toEqual(newest);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('filters and sorts through its URL', async () => {
    const page = await queue(1280);
    await page.getByLabel('Kind').selectOption('keDemo');
    await page.getByLabel('Sort').selectOption('oldest');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/kind=keDemo/);
    expect(page.url()).toContain('sort=oldest');
    const shown = await names(page);
    expect(shown).toHaveLength(PER_KIND);
    const badges = await page.locator('.queue-row .badge').allTextContents();
    expect(new Set(badges)).toEqual(new Set(['KE Demo']));
    expect(shown[0]).toBe(`${tag} Lead 0`);
    // The link opens the same list.
    const again = await queue(1280, new URL(page.url()).search);
    expect(await names(again)).toEqual(shown);
    expect(await again.getByLabel('Kind').inputValue()).toBe('keDemo');
  });

  it('moves with j and k, opens with Enter, and shows the lead beside the list', async () => {
    const page = await queue(1280);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    const focused = await page.evaluate(
      () => document.activeElement?.querySelector('.queue-row__name')?.textContent,
    );
    expect(focused).toBe(newest[1]);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/queue\/\w+\/[0-9a-f]{24}\?q=/);
    const detail = page.locator('.queue-lead');
    await detail.getByRole('heading', { name: new RegExp(newest[1] as string) }).waitFor();
    await expect(page.locator('.queue__list').isVisible()).resolves.toBe(true);
    const [list, lead] = await Promise.all([
      page.locator('.queue__list').boundingBox(),
      detail.boundingBox(),
    ]);
    expect((lead?.x ?? 0) >= (list?.x ?? 0) + (list?.width ?? 0)).toBe(true);
    expect(await page.locator('.queue-row--open .queue-row__name').textContent()).toBe(newest[1]);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('at 375 px: no sideways scroll, names whole, the lead on its own page with back to the list', async () => {
    const page = await queue(375, `?q=${tag}&kind=consultation`);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    // Every word of every name sits on one line: a break falls between words only.
    const broken = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.queue-row__name')).flatMap((cell) => {
        const text = cell.firstChild;
        if (!text?.textContent) return [];
        const out: string[] = [];
        for (const match of text.textContent.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) out.push(match[0]);
        }
        return out;
      }),
    );
    expect(broken).toEqual([]);
    await page.locator('.queue-row__link').first().click();
    await page.waitForURL(/\/queue\/consultation\//);
    await page.locator('.queue-lead h2').waitFor();
    await expect(page.locator('.queue__list').isVisible()).resolves.toBe(false);
    expect(await width()).toBeLessThanOrEqual(375);
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.waitForURL((url) => url.pathname === QUEUE);
    expect(page.url()).toContain('kind=consultation');
    // The URL commits a moment before React renders the list back: wait for it, not a snapshot.
    await page.locator('.queue__list').waitFor({ state: 'visible', timeout: 5000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
