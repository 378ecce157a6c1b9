/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext, type Page } from 'playwright-core';

import { webUrl } from '../support/browser';

import { ADMIN_PATH, openMoreActions, panel, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { seriousViolations, useBrowserAndDb } from './support/suite';

describe('working through the inbox in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let tag: string;
  beforeEach(async () => {
    context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    tag = LeadsDb.tag();
  });
  afterEach(async () => {
    await context.close();
    await suite.db.removeTagged(tag);
  });

  async function openDashboard(javaScriptEnabled = true): Promise<Page> {
    if (!javaScriptEnabled) {
      await context.close();
      context = await suite.browser.newContext({ javaScriptEnabled: false });
    }
    const page = await signedInPage(context);
    return page;
  }

  it('opens a lead with Enter, marks it read, and closes back to the list with Escape', async () => {
    const [lead, other] = await suite.db.insert('keDemo', tag, 2);
    const page = await openDashboard();
    const ke = panel(page, 'KE Demo Requests');
    const item = ke.locator('li', { hasText: lead!.name });
    await item.getByText('New', { exact: true }).waitFor();
    await expect(ke.getByRole('heading').textContent()).resolves.toContain('2 new');
    await expect(page.title()).resolves.toMatch(/^\(\d+\) Lead inbox$/);
    // The title counts what still needs a reply (active leads still new), not what is unread.
    const needReply = Number(/^\((\d+)\)/.exec(await page.title())?.[1]);

    await item.getByRole('link', { name: lead!.name }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `KE Demo Request: ${lead!.name}` });
    await dialog.waitFor();
    expect(page.url()).toContain(`/super-secret-admin/lead/keDemo/${lead!.id}`);
    await expect(
      dialog.getByRole('link', { name: lead!.email }).getAttribute('href'),
    ).resolves.toBe(`mailto:${lead!.email}`);
    await expect(dialog.textContent()).resolves.toContain(`company of ${tag} 0`);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Copied').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(lead!.email);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Opening it read it: the list and the heading say so; it still needs a reply.
    await item.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    await expect(ke.getByRole('heading').textContent()).resolves.toContain('1 new');
    await expect(page.title()).resolves.toBe(`(${needReply}) Lead inbox`);
    const stored = (await suite.db.find('keDemo', tag)).find((d) => d.name === lead!.name);
    expect(stored?.readAt).toBeInstanceOf(Date);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(ADMIN_PATH);
    await page.waitForFunction((name) => document.activeElement?.textContent === name, lead!.name);
    // The other lead is still unread.
    await ke.locator('li', { hasText: other!.name }).getByText('New', { exact: true }).waitFor();
  });

  it('opens a shared detail URL straight away, and archives from there', async () => {
    const [lead] = await suite.db.insert('consultation', tag, 1);
    await openDashboard();
    const page = await context.newPage();
    await page.goto(webUrl(`${ADMIN_PATH}/lead/consultation/${lead!.id}`));
    const dialog = page.getByRole('dialog', { name: `Consultation Request: ${lead!.name}` });
    await dialog.getByRole('button', { name: `Archive ${lead!.name}` }).click();
    await dialog.getByText(/^Archived /).waitFor();
    await expect(suite.db.find('consultation', tag)).resolves.toEqual([
      expect.objectContaining({ archivedAt: expect.any(Date) }),
    ]);
    const unknown = await page.goto(webUrl(`${ADMIN_PATH}/lead/consultation/${'0'.repeat(24)}`));
    expect(unknown?.status()).toBe(404);
  });

  it('archives, reads and deletes many leads at once, asking before it deletes', async () => {
    const leads = await suite.db.insert('brokerDemo', tag, 4);
    const page = await openDashboard();
    const broker = panel(page, 'Broker Demo Requests');
    await broker.getByRole('checkbox', { name: `Select ${leads[0]!.name}` }).check();
    await broker.getByRole('checkbox', { name: `Select ${leads[1]!.name}` }).check();
    await broker.getByText('2 selected').waitFor();
    await broker.getByRole('button', { name: 'Archive', exact: true }).click();
    await broker.locator('li', { hasText: leads[0]!.name }).waitFor({ state: 'detached' });
    await broker.locator('li', { hasText: leads[1]!.name }).waitFor({ state: 'detached' });
    await expect(broker.getByRole('button', { name: /^Archived/ }).textContent()).resolves.toBe(
      'Archived (2)',
    );

    await broker.getByRole('checkbox', { name: 'Select all' }).check();
    await openMoreActions(broker);
    await broker.getByRole('button', { name: 'Mark read', exact: true }).click();
    // The unread marks of the leads (the bulk stage list has a "New" of its own).
    await broker
      .locator('li')
      .getByText('New', { exact: true })
      .first()
      .waitFor({ state: 'detached' });

    await broker.getByRole('button', { name: /^Archived/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Archived Broker Demo Requests' });
    await dialog.getByText(leads[0]!.name).waitFor();
    await dialog.getByRole('checkbox', { name: 'Select all' }).check();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = dialog.getByRole('alert');
    await confirm.getByText('Delete 2 archived requests permanently?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(suite.db.find('brokerDemo', tag)).resolves.toHaveLength(4);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await dialog.getByText('No archived requests.').waitFor();
    await expect(suite.db.find('brokerDemo', tag)).resolves.toHaveLength(2);
  });

  it('works through many leads without JavaScript too, confirming a delete on the page', async () => {
    const leads = await suite.db.insert('contactUs', tag, 3);
    const page = await openDashboard(false);
    const contact = panel(page, 'Contact Us Requests');
    for (const lead of leads.slice(0, 2))
      await contact.getByRole('checkbox', { name: `Select ${lead.name}` }).check();
    await contact.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.waitForLoadState();
    expect(await contact.locator('li', { hasText: leads[0]!.name }).count()).toBe(0);

    await contact.getByRole('button', { name: /^Archived/ }).click();
    const inline = contact.getByRole('region', { name: 'Archived Contact Us Requests' });
    await inline.getByRole('checkbox', { name: `Select ${leads[0]!.name}` }).check();
    await inline.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForLoadState();
    await page
      .getByText('Delete 1 archived request of Contact Us Requests permanently?', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await page.waitForLoadState();
    const stored = await suite.db.find('contactUs', tag);
    expect(stored.map((d) => d.name).sort()).toEqual([leads[1]!.name, leads[2]!.name].sort());
  });

  it('shows new leads within five seconds without a reload, and holds them under the pointer', async () => {
    const page = await openDashboard();
    const consultation = panel(page, 'Consultation Requests');
    const [first] = await suite.db.insert('consultation', tag, 1);
    const started = Date.now();
    await consultation.locator('li', { hasText: first!.name }).waitFor({ timeout: 6_000 });
    expect(Date.now() - started).toBeLessThan(5_500);

    // The admin's pointer rests on the list: the next lead waits behind a button.
    await consultation.locator('li', { hasText: first!.name }).hover();
    const [second] = await suite.db.insert('consultation', `${tag}b`, 1);
    try {
      await consultation.getByRole('button', { name: 'Show 1 new request' }).waitFor({
        timeout: 6_000,
      });
      expect(await consultation.locator('li', { hasText: second!.name }).count()).toBe(0);
      await consultation.getByRole('button', { name: 'Show 1 new request' }).click();
      await consultation.locator('li', { hasText: second!.name }).waitFor();
    } finally {
      await suite.db.removeTagged(`${tag}b`);
    }
  });
});
