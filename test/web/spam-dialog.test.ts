import { type BrowserContext, type Page } from 'playwright-core';

import { webUrl } from '../support/browser';

import { ADMIN_PATH, newAdminContext, panel, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

describe('a panel’s Spam dialog in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let tag: string;
  beforeEach(() => {
    tag = LeadsDb.tag();
  });
  afterEach(async () => {
    await context.close();
    await suite.db.removeTagged(tag);
  });

  async function openDashboard(javaScriptEnabled: boolean): Promise<Page> {
    context = await newAdminContext(suite.browser, { javaScriptEnabled });
    const page = await signedInPage(context);
    return page;
  }

  it('shows why each lead was held, and moves one out with Not spam and deletes another', async () => {
    const [bot, person] = await suite.db.insert('consultation', tag, 2, {
      spam: ['proof-missing', 'disposable-email'],
    });
    const page = await openDashboard(true);
    const consultation = panel(page, 'Consultation Requests');
    const button = consultation.locator('a', { hasText: /^Spam \(\d+\)/ });
    const before = Number(/\((\d+)\)/.exec((await button.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThanOrEqual(2);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Spam: Consultation Requests' });
    const held = dialog.locator('li.spam-list__item', { hasText: person!.name });
    await held.getByText('Uses a disposable email address').waitFor();
    await held.getByText('Sent no proof of work').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    await held.getByRole('button', { name: `Not spam ${person!.name}` }).click();
    await held.waitFor({ state: 'detached' });
    await expect(button.textContent()).resolves.toContain(`Spam (${before - 1})`);
    const stored = (await suite.db.find('consultation', tag)).find((d) => d.name === person!.name);
    expect(stored).toMatchObject({ spamAt: null, spamReasons: [] });

    const other = dialog.locator('li.spam-list__item', { hasText: bot!.name });
    await other.getByRole('button', { name: `Delete ${bot!.name}` }).click();
    await other.getByRole('button', { name: `Delete ${bot!.name} permanently` }).click();
    await other.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    // The lead moved out of Spam is in the inbox now, and the deleted one is gone.
    await consultation.locator('li', { hasText: person!.name }).waitFor();
    const left = await suite.db.find('consultation', tag);
    expect(left.map((d) => d.name)).toEqual([person!.name]);
  });

  it('works without JavaScript: the list inline, Not spam posting the page', async () => {
    const [lead] = await suite.db.insert('keDemo', tag, 1, { spam: ['honeypot'] });
    const page = await openDashboard(false);
    const ke = panel(page, 'KE Demo Requests');
    await ke.locator('a', { hasText: /^Spam \(\d+\)/ }).click();
    const inline = page.getByRole('region', { name: 'Spam: KE Demo Requests' });
    const held = inline.locator('li', { hasText: lead!.name });
    // axe runs in the page's JavaScript: the dialog's test checks the same markup.
    await held.getByText('Filled in the hidden field only bots see').waitFor();
    await held.getByRole('button', { name: `Not spam ${lead!.name}` }).click();
    await held.waitFor({ state: 'detached' });
    await ke.locator('li', { hasText: lead!.name }).waitFor();
    await expect(suite.db.find('keDemo', tag)).resolves.toEqual([
      expect.objectContaining({ spamAt: null }),
    ]);
  });

  it('says why on a spam lead’s own page, with Not spam in place of Archive', async () => {
    const [lead] = await suite.db.insert('brokerDemo', tag, 1, { spam: ['links', 'blocklist'] });
    const page = await openDashboard(true);
    await page.goto(webUrl(`${ADMIN_PATH}/lead/brokerDemo/${lead!.id}`));
    const dialog = page.getByRole('dialog', { name: `Broker Demo Request: ${lead!.name}` });
    await dialog.getByText('Contains a term on the blocklist').waitFor();
    await dialog.getByText('Has links in fields that never hold links').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(await dialog.getByRole('button', { name: `Archive ${lead!.name}` }).count()).toBe(0);
    await dialog.getByRole('button', { name: `Not spam ${lead!.name}` }).click();
    await dialog.getByRole('button', { name: `Archive ${lead!.name}` }).waitFor();
    await expect(suite.db.find('brokerDemo', tag)).resolves.toEqual([
      expect.objectContaining({ spamAt: null, spamReasons: [] }),
    ]);
  });
});
