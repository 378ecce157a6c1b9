/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { ObjectId } from 'mongodb';
import { type BrowserContext, type Page } from 'playwright-core';

import { openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

const QUEUE = `${ADMIN_PATH}/queue`;

/**
 * Saved views of the queue (issue 32) in a real browser: the defaults listed with their counts, the
 * filters shown saved as a view, its count the list's length, opened by its link, moved up.
 */
describe('the queue’s saved views in a real browser', () => {
  const contexts: BrowserContext[] = [];
  const tag = LeadsDb.tag();
  // An owner nobody else's leads have: the view's list and count are this test's leads alone.
  const ownerId = new ObjectId().toHexString();
  const viewName = `Owner ${tag}`;
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await suite.db.removeTagged(tag);
  });
  const suite = useBrowserAndDb();

  beforeAll(async () => {
    const theirs = { assigneeId: new ObjectId(ownerId), assigneeEmail: 'someone@example.com' };
    await suite.db.insertAs('keDemo', tag, [theirs, theirs, theirs]);
    await suite.db.insertAs('contactUs', tag, [theirs, theirs]);
  });

  async function queue(search: string): Promise<Page> {
    const context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
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

  const views = (page: Page) => page.getByRole('region', { name: 'Views' });
  const viewNames = (page: Page) => views(page).locator('.queue-view__name').allTextContents();
  const viewLink = (page: Page, name: string) =>
    views(page).getByRole('link', { name: new RegExp(`^${name}`) });

  it('lists the defaults with counts, saves the filters as a view, opens and moves it', async () => {
    const page = await queue(`?owner=${ownerId}`);
    const before = await viewNames(page);
    expect(before.slice(0, 4)).toEqual(['Needs reply', 'Mine', 'Unassigned', 'Overdue']);
    for (const name of ['Needs reply', 'Unassigned'])
      expect(await viewLink(page, name).locator('.queue-view__count').textContent()).toMatch(
        /^\d+ leads$/,
      );

    // Save the filters shown (this owner's leads) as a view.
    await views(page).getByText('Save view', { exact: true }).first().click();
    await page.getByLabel('Name of the view').fill(viewName);
    await views(page).getByRole('button', { name: 'Save view' }).click();
    await viewLink(page, viewName).waitFor();
    expect(await viewNames(page)).toEqual([...before, viewName]);
    // Its count is what its list holds: five leads, here, two kinds.
    expect(await viewLink(page, viewName).locator('.queue-view__count').textContent()).toBe(
      '5 leads',
    );
    expect(await page.locator('.queue-row__name').count()).toBe(5);
    expect(await viewLink(page, viewName).getAttribute('aria-current')).toBe('page');

    // Another view, then this one again by its link: the URL holds its filters.
    await viewLink(page, 'Unassigned').click();
    await page.waitForURL(/owner=nobody/);
    await viewLink(page, viewName).click();
    await page.waitForURL(new RegExp(`owner=${ownerId}`));
    await page.locator('.queue-row__name').nth(4).waitFor();
    expect(await page.locator('.queue-row__name').count()).toBe(5);

    // Moved up one place, and kept so: a new page shows the same order.
    await views(page)
      .getByRole('button', { name: `Move ${viewName} up` })
      .click();
    const moved = [...before.slice(0, -1), viewName, before[before.length - 1]];
    await page.waitForFunction(
      (expected) =>
        JSON.stringify(
          Array.from(document.querySelectorAll('.queue-view__name'), (n) => n.textContent),
        ) === expected,
      JSON.stringify(moved),
    );
    const again = await queue('');
    expect(await viewNames(again)).toEqual(moved);
    expect(await axeViolations(again)).toEqual([]);

    // Deleted from its edit disclosure.
    await views(again).getByLabel(`Edit ${viewName}`).click();
    await views(again)
      .locator('.queue-view__edit[open]')
      .getByRole('button', { name: 'Delete' })
      .click();
    await viewLink(again, viewName).waitFor({ state: 'detached' });
    expect(await viewNames(again)).toEqual(before);
  });
});
