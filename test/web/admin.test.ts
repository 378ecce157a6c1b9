/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext, type Page } from 'playwright-core';

import { LEAD_KINDS } from '../../nest/src/contract';
import { keepScreenshot, openPage, type PageWatch, webUrl } from '../support/browser';

import { ADMIN_PATH, sessionCookies, panel, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { seriousViolations, useBrowserAndDb } from './support/suite';

describe('admin inbox in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let tag: string;
  beforeEach(async () => {
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    tag = LeadsDb.tag();
  });
  afterEach(async () => {
    await context.close();
    await suite.db.removeTagged(tag);
  });

  /** The dashboard in a browser without JavaScript (forms post whole pages). */
  async function openDashboardWithoutJs(): Promise<Page> {
    await context.close();
    context = await suite.browser.newContext({ javaScriptEnabled: false });
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    return page;
  }

  async function openDashboard(): Promise<{ page: Page; watch: PageWatch }> {
    const opened = await openPage(context, ADMIN_PATH);
    await signIn(opened.page);
    await opened.page.getByRole('button', { name: 'Sign Out' }).waitFor();
    return opened;
  }

  it('keeps a wrong password on the sign-in screen and says why', async () => {
    const { page } = await openPage(context, ADMIN_PATH);
    await expect(page.getByRole('heading', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await expect(page.getByPlaceholder('Email').getAttribute('type')).resolves.toBe('email');
    await signIn(page, 'not-the-password-at-all');
    await page.getByText('Invalid email or password').waitFor();
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    expect(await sessionCookies(context)).toEqual([]);
  });

  it('shows the four panels with leads from the database, each field of the spec table', async () => {
    const [contact] = await suite.db.insert('contactUs', tag, 1);
    const [consultation] = await suite.db.insert('consultation', tag, 1);
    const { page, watch } = await openDashboard();

    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.map((h) => h.replace(/\s*\(.*$/, ''))).toEqual(
      Object.values(LEAD_KINDS).map((kind) => kind.panelTitle),
    );
    const contactPanel = panel(page, 'Contact Us Requests');
    const item = contactPanel.locator('li', { hasText: contact!.name });
    await expect(item.textContent()).resolves.toContain(contact!.email);
    await expect(item.textContent()).resolves.toContain(`message of ${tag} 0`);
    await expect(item.locator('time').getAttribute('title')).resolves.toMatch(/\d{4}.*UTC$/);
    await expect(
      panel(page, 'Consultation Requests')
        .locator('li', { hasText: consultation!.name })
        .textContent(),
    ).resolves.toContain(`location of ${tag} 0`);
    // The cookie holds the session, out of reach of scripts.
    const [cookie] = await sessionCookies(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    // Scripts read the browser's zone only, never the session.
    expect(await page.evaluate('document.cookie')).toMatch(/^bmd_tz=[\w%+-]+$/);
    expect(watch.consoleErrors).toEqual([]);
    await keepScreenshot(page, 'dashboard-1280');
  });

  it('archives a lead into the dialog and unarchives it back, closing the dialog', async () => {
    const [lead] = await suite.db.insert('keDemo', tag, 1);
    const { page } = await openDashboard();
    const ke = panel(page, 'KE Demo Requests');

    await ke.getByRole('button', { name: `Archive ${lead!.name}` }).click();
    await ke.locator('li', { hasText: lead!.name }).waitFor({ state: 'detached' });
    await ke.getByRole('button', { name: /^Archived/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Archived KE Demo Requests' });
    await dialog.waitFor();
    await dialog.getByText(lead!.name).waitFor();
    await expect(suite.db.find('keDemo', tag)).resolves.toEqual([
      expect.objectContaining({ archivedAt: expect.any(Date) }),
    ]);

    await expect(seriousViolations(page)).resolves.toEqual([]);
    await keepScreenshot(page, 'dashboard-archived-dialog');

    await dialog.getByRole('button', { name: `Unarchive ${lead!.name}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ke.locator('li', { hasText: lead!.name }).waitFor();
    await expect(suite.db.find('keDemo', tag)).resolves.toEqual([
      expect.objectContaining({ archivedAt: null }),
    ]);
  });

  it('takes an archive’s answer as it is: one request, and the page is not read again', async () => {
    const [lead] = await suite.db.insert('keDemo', tag, 1);
    const { page } = await openDashboard();
    const ke = panel(page, 'KE Demo Requests');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The live poll asks on its own clock; it is not a re-read of the page.
      if (url.pathname.endsWith('.data') && url.pathname !== `${ADMIN_PATH}/inbox.data`)
        asked.push(`${request.method()} ${url.pathname}`);
    });

    await ke.getByRole('button', { name: `Archive ${lead!.name}` }).click();
    await ke.locator('li', { hasText: lead!.name }).waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([`POST ${ADMIN_PATH}/leads.data`]);
  });

  it('closes the dialog with its Close button and with Escape', async () => {
    const { page } = await openDashboard();
    const broker = panel(page, 'Broker Demo Requests');
    const dialog = page.getByRole('dialog', { name: 'Archived Broker Demo Requests' });
    await broker.getByRole('button', { name: /^Archived/ }).click();
    await dialog.getByText('No archived requests.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await broker.getByRole('button', { name: /^Archived/ }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('archives without JavaScript too', async () => {
    const [lead] = await suite.db.insert('consultation', tag, 1);
    const page = await openDashboardWithoutJs();
    const consultation = panel(page, 'Consultation Requests');
    await consultation.getByRole('button', { name: `Archive ${lead!.name}` }).click();
    await page.waitForLoadState();
    expect(await consultation.locator('li', { hasText: lead!.name }).count()).toBe(0);
    await expect(suite.db.find('consultation', tag)).resolves.toEqual([
      expect.objectContaining({ archivedAt: expect.any(Date) }),
    ]);
  });

  it('shows the archive inline and unarchives without JavaScript, and says when a move failed', async () => {
    const [kept, gone] = await suite.db.insert('brokerDemo', tag, 2);
    const page = await openDashboardWithoutJs();
    const broker = panel(page, 'Broker Demo Requests');
    await broker.getByRole('button', { name: `Archive ${kept!.name}` }).click();
    await page.waitForLoadState();
    await broker.getByRole('button', { name: /^Archived/ }).click();
    await page.waitForURL(/archived=brokerDemo/);
    const inline = broker.getByRole('region', { name: 'Archived Broker Demo Requests' });
    await inline.getByRole('button', { name: `Unarchive ${kept!.name}` }).click();
    await page.waitForLoadState();
    await broker
      .locator('li', { hasText: kept!.name })
      .getByRole('button', { name: `Archive ${kept!.name}` })
      .waitFor();

    // Someone else removes a lead meanwhile: the page comes back saying the move failed.
    await suite.db.remove('brokerDemo', gone!.id);
    await broker.getByRole('button', { name: `Archive ${gone!.name}` }).click();
    await page.waitForLoadState();
    await page
      .getByRole('alert')
      .getByText('Could not archive the request.', { exact: false })
      .waitFor();
    expect(await broker.locator('li', { hasText: gone!.name }).count()).toBe(0);
  });

  it('loads more, searches and exports a panel', async () => {
    const leads = await suite.db.insert('brokerDemo', tag, 55);
    const { page } = await openDashboard();
    const broker = panel(page, 'Broker Demo Requests');
    await expect(broker.getByRole('heading').textContent()).resolves.toContain('55');
    expect(await broker.locator('li').count()).toBe(50);
    await broker.getByRole('button', { name: 'Load more' }).click();
    await broker.locator('li').nth(54).waitFor();
    expect(await broker.locator('li').count()).toBe(55);
    // Newest first: the oldest lead is the last one loaded.
    await expect(broker.locator('li').last().textContent()).resolves.toContain(leads[0]!.name);

    await broker
      .getByRole('searchbox', { name: 'Search Broker Demo Requests' })
      .fill(`${tag} Lead 7`);
    await broker.getByRole('searchbox').press('Enter');
    await page.waitForURL(/q-brokerDemo=/);
    await broker.locator('li').first().waitFor();
    const names = await broker.locator('li .lead-item__name').allTextContents();
    expect(names).toEqual([`${tag} Lead 7`]);

    const download = page.waitForEvent('download');
    await broker.getByRole('link', { name: /^Export CSV/ }).click();
    const file = await download;
    const csv = await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    });
    expect(csv.split('\r\n')[0]).toBe(
      '_id,createdAt,archivedAt,name,email,phone_number,company,stage,assignee,firstResponseAt,overdue,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,landingPath,startedAt',
    );
    expect(csv).toContain(`${tag} Lead 7`);
    expect(csv).not.toContain(`${tag} Lead 8`);
  });

  it('keeps a searched panel searched when a lead is archived from the results', async () => {
    const others = LeadsDb.tag();
    try {
      const matching = await suite.db.insert('contactUs', tag, 3);
      await suite.db.insert('contactUs', others, 2);
      const { page } = await openDashboard();
      const contact = panel(page, 'Contact Us Requests');
      await expect(contact.getByRole('heading').textContent()).resolves.toContain('5');

      await contact.getByRole('searchbox', { name: 'Search Contact Us Requests' }).fill(tag);
      await contact.getByRole('searchbox').press('Enter');
      await page.waitForURL(/q-contactUs=/);
      await contact.locator('li', { hasText: others }).first().waitFor({ state: 'detached' });
      const names = () => contact.locator('li .lead-item__name').allTextContents();
      await expect(names()).resolves.toEqual(matching.map((l) => l.name).reverse());

      await contact.getByRole('button', { name: `Archive ${matching[1]!.name}` }).click();
      await contact.locator('li', { hasText: matching[1]!.name }).waitFor({ state: 'detached' });
      // Still the search's results only, and the inbox's totals moved by one.
      await expect(names()).resolves.toEqual([matching[2]!.name, matching[0]!.name]);
      await expect(contact.getByRole('heading').textContent()).resolves.toContain('4');
      await expect(contact.getByRole('button', { name: /^Archived/ }).textContent()).resolves.toBe(
        'Archived (1)',
      );
      // Nothing settles later into another list.
      await page.waitForLoadState('networkidle');
      await expect(names()).resolves.toEqual([matching[2]!.name, matching[0]!.name]);
    } finally {
      await suite.db.removeTagged(others);
    }
  });

  it('signs out back to the sign-in screen', async () => {
    const { page } = await openDashboard();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText('You have signed out.').waitFor();
    expect(await sessionCookies(context)).toEqual([]);
    await page.goto(webUrl(ADMIN_PATH));
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('shows sign-in, saying why, when the cookie was tampered with', async () => {
    const { page } = await openDashboard();
    const [cookie] = await sessionCookies(context);
    await context.addCookies([{ ...cookie!, value: forgeToken(cookie!.value) }]);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
  });

  it('says how long to wait once sign-in is throttled', async () => {
    const { page } = await openPage(context, ADMIN_PATH);
    const email = `${tag}@example.com`;
    for (let attempt = 0; attempt < 6; attempt++) {
      await page.getByPlaceholder('Email').fill(email);
      await page.getByPlaceholder('Password').fill('wrong-password-123');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('alert').waitFor();
    }
    await page
      .getByText(/^Too many sign-in attempts\. Please try again in \d+ minutes\.$/)
      .waitFor();
  });

  it('logs the spec line and shows an alert when an archive fails', async () => {
    const [lead] = await suite.db.insert('contactUs', tag, 1);
    const { page, watch } = await openDashboard();
    // Someone else removes the lead meanwhile: the API answers 404.
    await suite.db.removeTagged(tag);
    const contact = panel(page, 'Contact Us Requests');
    await contact.getByRole('button', { name: `Archive ${lead!.name}` }).click();
    await contact.getByRole('alert').waitFor();
    expect(watch.consoleErrors).toContain('Failed to archive contact_us request');
    await contact.getByRole('button', { name: 'Dismiss' }).click();
    await contact.getByRole('alert').waitFor({ state: 'detached' });
  });

  it('sends an admin whose session died to sign-in, saying why, on the next action', async () => {
    const [lead] = await suite.db.insert('brokerDemo', tag, 1);
    const { page } = await openDashboard();
    const [cookie] = await sessionCookies(context);
    await context.addCookies([{ ...cookie!, value: forgeToken(cookie!.value) }]);
    await panel(page, 'Broker Demo Requests')
      .getByRole('button', { name: `Archive ${lead!.name}` })
      .click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await expect(suite.db.find('brokerDemo', tag)).resolves.toEqual([
      expect.objectContaining({ archivedAt: null }),
    ]);
  });

  it('has no serious accessibility violations on the sign-in screen', async () => {
    const { page } = await openPage(context, ADMIN_PATH);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

/** The session cookie holds the JWT (JSON, base64): keep the encoding, break the signature. */
function forgeToken(cookieValue: string): string {
  const token = JSON.parse(
    Buffer.from(decodeURIComponent(cookieValue), 'base64').toString(),
  ) as string;
  const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  return encodeURIComponent(Buffer.from(JSON.stringify(forged)).toString('base64'));
}
