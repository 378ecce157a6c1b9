import { readFile } from 'node:fs/promises';

import { MongoClient, ObjectId } from 'mongodb';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';

import { LEAD_KINDS, type LeadKindKey } from '../../nest/src/contract';
import { adminCredentials, webUrl } from '../support/browser';

import { ADMIN_PATH, newAdminContext, panel, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

const ACTIVITY = `${ADMIN_PATH}/activity`;
const PRIVACY_PATH = `${ADMIN_PATH}/privacy`;

describe('the Privacy and Activity pages in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let tag: string;
  beforeEach(() => {
    tag = LeadsDb.tag();
  });
  afterEach(async () => {
    await context?.close();
    await suite.db.removeTagged(tag);
  });

  async function signedIn(javaScriptEnabled = true): Promise<Page> {
    context = await newAdminContext(suite.browser, { javaScriptEnabled });
    const page = await signedInPage(context);
    return page;
  }

  /**
   * One person's requests in three kinds (the same address: the first lead of each kind gets
   * `<tag>.0@example.com`), and a second KE demo lead of another address, which must stay.
   */
  async function personWithRequests() {
    const kinds: LeadKindKey[] = ['contactUs', 'keDemo', 'consultation'];
    const leads = await Promise.all(
      kinds.map(async (kind) => ({ kind, lead: (await suite.db.insert(kind, tag, 1))[0]! })),
    );
    const other = (await suite.db.insert('keDemo', `${tag}x`, 1))[0]!;
    return { email: leads[0]!.lead.email, leads, other };
  }

  async function lookUp(page: Page, email: string): Promise<void> {
    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Privacy', level: 2 }).waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Look up' }).click();
  }

  const group = (page: Page, title: string): Locator =>
    page.locator('section.privacy-kind', {
      has: page.getByRole('heading', { name: new RegExp(`^${title} \\(`) }),
    });

  async function expectFoundGroupedByKind(
    page: Page,
    person: Awaited<ReturnType<typeof personWithRequests>>,
  ) {
    await page.getByText('3 requests stored for this address.').waitFor();
    for (const kind of Object.values(LEAD_KINDS)) {
      const mine = person.leads.filter((l) => l.kind === kind.key);
      const heading = group(page, kind.panelTitle).getByRole('heading');
      await expect(heading.textContent()).resolves.toBe(`${kind.panelTitle} (${mine.length})`);
      for (const { lead } of mine) {
        const card = group(page, kind.panelTitle).getByRole('listitem');
        await expect(card.textContent()).resolves.toContain(lead.name);
        // Every field: the kind's own text too (as leadDocs writes it).
        await expect(card.textContent()).resolves.toContain(`${kind.textField} of ${tag} 0`);
      }
    }
    // The other address's lead is not among them.
    expect(await page.getByText(person.other.name).count()).toBe(0);
  }

  it('finds every request of an address by kind, downloads them as JSON and erases them after a confirmation', async () => {
    const person = await personWithRequests();
    const page = await signedIn();
    // Case and spaces do not make another person.
    await lookUp(page, ` ${person.email.toUpperCase()} `);
    await expectFoundGroupedByKind(page, person);
    const keCard = group(page, 'KE Demo Requests').getByRole('listitem');
    await expect(
      keCard.getByRole('link', { name: person.email }).getAttribute('href'),
    ).resolves.toBe(`mailto:${person.email}`);
    await expect(keCard.textContent()).resolves.toMatch(
      /Received.*\(\w{3}, \d{2} \w{3} \d{4} [\d:]{8} UTC(?:[+-]\d{2}:\d{2})?\)/,
    );
    await expect(keCard.textContent()).resolves.toContain('In the inbox; not read yet');
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Download: a JSON file of everything found, never cached.
    const link = page.getByRole('link', { name: 'Download as JSON' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      total: number;
      requests: Record<LeadKindKey, { _id: string; email: string }[]>;
    };
    expect(file.total).toBe(3);
    for (const { kind, lead } of person.leads)
      expect(file.requests[kind]).toEqual([
        expect.objectContaining({ _id: lead.id, email: lead.email }),
      ]);
    expect(file.requests.brokerDemo).toEqual([]);
    const response = await context.request.get(webUrl((await link.getAttribute('href'))!));
    expect(response.headers()).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': expect.stringMatching(/^attachment; filename="requests-/),
      'cache-control': 'no-store',
    });

    // Erase asks first, in place; Cancel leaves everything as it was.
    await page.getByRole('button', { name: 'Erase all' }).click();
    const confirm = page.getByRole('group', { name: /^Erase all 3 requests of/ });
    await confirm.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'privacy-confirm');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(storedEmails(person)).resolves.toHaveLength(3);

    await page.getByRole('button', { name: 'Erase all' }).click();
    await confirm.getByRole('button', { name: 'Erase permanently' }).click();
    await expectErased(page, person);
  });

  it('asks to erase the one request of an address as one, not as "all 1"', async () => {
    const [lead] = await suite.db.insert('brokerDemo', tag, 1);
    const page = await signedIn();
    await lookUp(page, lead!.email);
    await page.getByText('1 request stored for this address.').waitFor();
    expect(await page.getByRole('button', { name: 'Erase all' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Erase it' }).click();
    const confirm = page.getByRole('group', { name: `Erase the 1 request of ${lead!.email}` });
    await expect(confirm.textContent()).resolves.toMatch(
      /^Erase the 1 request of \S+ permanently\?/,
    );
    await confirm.getByRole('button', { name: 'Erase permanently' }).click();
    await page.getByText(`Erased 1 request of ${lead!.email}.`).waitFor();
    await page.getByText('Nothing is stored for this address.').waitFor();
    expect(await page.getByRole('link', { name: 'Download as JSON' }).count()).toBe(0);
    await expect(suite.db.find('brokerDemo', tag)).resolves.toEqual([]);
  });

  it('states the retention policy in force', async () => {
    const page = await signedIn();
    await page.goto(webUrl(PRIVACY_PATH));
    const section = page.getByRole('region', { name: 'How long requests are kept' });
    // The browser suite's API runs with the defaults: archived kept, spam 30 days.
    await expect(section.textContent()).resolves.toContain(
      'Archived requests are kept until an admin deletes them.',
    );
    await expect(section.textContent()).resolves.toContain(
      'Spam is deleted 30 days after it went to Spam.',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  it('shows the API’s refusal of an address on the field, in a person’s words', async () => {
    const page = await signedIn();
    await lookUp(page, 'not-an-email');
    const field = page.getByLabel('Email address');
    const said = 'Please enter an email address such as name@example.com.';
    await page.getByText(said).waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(
      field.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).resolves.toBe(said);
    expect(await page.getByRole('heading', { name: /^Requests of/ }).count()).toBe(0);
  });

  it('looks up, downloads and erases without JavaScript, confirming on the page', async () => {
    const person = await personWithRequests();
    const page = await signedIn(false);
    await lookUp(page, person.email);
    await expectFoundGroupedByKind(page, person);
    const href = await page.getByRole('link', { name: 'Download as JSON' }).getAttribute('href');
    const response = await context.request.get(webUrl(href!));
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(3);

    await page.getByRole('link', { name: 'Erase all' }).click();
    await page.waitForURL(/confirm=erase/);
    const confirm = page.getByRole('group', { name: /^Erase all 3 requests of/ });
    await confirm.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => !url.search.includes('confirm'));
    await expect(storedEmails(person)).resolves.toHaveLength(3);

    await page.getByRole('link', { name: 'Erase all' }).click();
    await confirm.getByRole('button', { name: 'Erase permanently' }).click();
    await expectErased(page, person);
  });

  it('shows the log newest first: the erasure with its counts, the look-up and the sign-in, by whom and from where', async () => {
    const person = await personWithRequests();
    const page = await signedIn();
    await lookUp(page, person.email);
    await page.getByRole('button', { name: 'Erase all' }).click();
    await page.getByRole('button', { name: 'Erase permanently' }).click();
    await page.getByText(/^Erased 3 requests/).waitFor();

    await page.getByRole('link', { name: 'Activity' }).click();
    const rows = page
      .getByRole('table', { name: 'Admin actions, newest first' })
      .locator('tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    const eraseAt = texts.findIndex((text) => text.includes('Erased a person’s requests'));
    const accessAt = texts.findIndex((text) => text.includes('3 found'));
    // Newest first: the look-up came before the erasure (the page read again after it, too).
    expect(eraseAt).toBeGreaterThanOrEqual(0);
    expect(accessAt).toBeGreaterThan(eraseAt);
    await expect(cells(rows.nth(eraseAt))).resolves.toEqual([
      expect.stringMatching(/^just now\w{3}, \d{2} \w{3} \d{4} [\d:]{8} UTC(?:[+-]\d{2}:\d{2})?$/),
      adminCredentials().email,
      'Erased a person’s requestsContact Us Requests: 1, KE Demo Requests: 1, Consultation Requests: 1',
      expect.any(String),
      expect.stringMatching(/^[\d.:a-f]+$/),
    ]);
    await expect(cells(rows.nth(accessAt))).resolves.toEqual([
      expect.any(String),
      adminCredentials().email,
      'Looked up a person’s requests3 found',
      expect.any(String),
      expect.any(String),
    ]);
    const signInRow = rows.filter({ hasText: 'Signed in' }).first();
    await expect(cells(signInRow)).resolves.toEqual([
      expect.any(String),
      adminCredentials().email,
      'Signed in',
      expect.any(String),
      expect.stringMatching(/^[\d.:a-f]+$/),
    ]);
    // The log keeps that an erasure happened, and nothing of the person.
    expect(await page.locator('main').textContent()).not.toContain(tag);
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  it('links each lead id of the log to its lead', async () => {
    const [lead] = await suite.db.insert('consultation', tag, 1);
    const page = await signedIn();
    // Opening the lead marks it read: the log names it by kind and id.
    await page.goto(webUrl(`${ADMIN_PATH}/lead/consultation/${lead!.id}`));
    await page
      .getByRole('dialog')
      .getByText(/; read /)
      .waitFor();
    await page.goto(webUrl(ACTIVITY));
    const link = page
      .getByRole('table', { name: 'Admin actions, newest first' })
      .getByRole('link', { name: lead!.id })
      .first();
    await expect(link.getAttribute('href')).resolves.toBe(
      `${ADMIN_PATH}/lead/consultation/${lead!.id}`,
    );
    await link.click();
    await page.getByRole('dialog', { name: `Consultation Request: ${lead!.name}` }).waitFor();
  });

  describe('paging the log', () => {
    let audit: MongoClient;
    const marked = (n: number) => `${tag}-${String(n).padStart(2, '0')}`;
    beforeAll(async () => {
      audit = await new MongoClient(process.env.TEST_MONGODB_URI!).connect();
    });
    afterAll(() => audit.close());
    afterEach(() =>
      audit
        .db()
        .collection('audit_log')
        .deleteMany({ 'detail.mark': { $regex: `^${tag}` } }),
    );

    /**
     * More entries than a page holds, each marked, a millisecond apart and newer than every entry
     * so far (so they follow each other in the log), older than what the test does next.
     */
    async function manyEntries(count: number): Promise<void> {
      const log = audit.db().collection('audit_log');
      const [newest] = await log.find().sort({ at: -1 }).limit(1).toArray();
      const start = (newest?.at as Date | undefined)?.getTime() ?? Date.now() - 60_000;
      await log.insertMany(
        Array.from({ length: count }, (_, i) => ({
          at: new Date(start + 1 + i),
          action: 'read',
          adminId: null,
          adminEmail: adminCredentials().email,
          kind: 'keDemo',
          ids: [new ObjectId().toHexString()],
          ip: '127.0.0.1',
          detail: { mark: marked(i) },
        })),
      );
    }

    it('loads older entries below the newest with JavaScript', async () => {
      await manyEntries(60);
      const page = await signedIn();
      await page.getByRole('link', { name: 'Activity' }).click();
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(50);
      // Newest first: the sign-in of this test, then the marks from the newest down.
      await expect(rows.nth(0).textContent()).resolves.toContain('Signed in');
      await expect(rows.nth(1).textContent()).resolves.toContain(marked(59));
      await expect(rows.nth(49).textContent()).resolves.toContain(marked(11));

      await page.getByRole('link', { name: 'Load older' }).click();
      await page
        .getByRole('status')
        .getByText(/^\d+ older entries loaded\.$/)
        .waitFor();
      expect(await rows.count()).toBeGreaterThan(50);
      await expect(rows.nth(50).textContent()).resolves.toContain(marked(10));
      await expect(rows.nth(60).textContent()).resolves.toContain(marked(0));
      expect(new URL(page.url()).search).toBe('');

      // On a phone each entry stacks, lead ids too: nothing is hidden off to the side.
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(
        page.evaluate(() => {
          const log = document.querySelector('.activity')!;
          return [log.scrollWidth <= log.clientWidth, document.documentElement.scrollWidth <= 375];
        }),
      ).resolves.toEqual([true, true]);
      await expect(axeViolations(page)).resolves.toEqual([]);
    });

    it('pages with a plain link without JavaScript', async () => {
      await manyEntries(60);
      const page = await signedIn(false);
      await page.getByRole('link', { name: 'Activity' }).click();
      await page.getByRole('link', { name: 'Load older' }).click();
      await page.waitForURL(/\?cursor=/);
      const rows = page.locator('tbody tr');
      await expect(rows.nth(0).textContent()).resolves.toContain(marked(10));
      await expect(rows.nth(10).textContent()).resolves.toContain(marked(0));
      await page.getByRole('link', { name: 'Newest entries' }).waitFor();
      const bad = await page.goto(webUrl(`${ACTIVITY}?cursor=nonsense`));
      expect(bad?.status()).toBe(200);
      await page.getByText('That page of the log does not exist.').waitFor();
    });
  });

  it('has no axe violations on the inbox with a selection and on a lead’s detail', async () => {
    const leads = await suite.db.insert('brokerDemo', tag, 2);
    const page = await signedIn();
    const broker = panel(page, 'Broker Demo Requests');
    for (const lead of leads)
      await broker.getByRole('checkbox', { name: `Select ${lead.name}` }).check();
    await broker.getByText('2 selected').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    await broker.getByRole('link', { name: leads[0]!.name }).click();
    const dialog = page.getByRole('dialog', { name: `Broker Demo Request: ${leads[0]!.name}` });
    await dialog.getByText(/; read /).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  /** What the database holds of the person and of the other address. */
  async function storedEmails(person: Awaited<ReturnType<typeof personWithRequests>>) {
    const all = await Promise.all(
      (['contactUs', 'keDemo', 'consultation'] as const).map((kind) => suite.db.find(kind, tag)),
    );
    return all
      .flat()
      .map((doc) => doc.email as string)
      .filter((email) => email === person.email);
  }

  async function expectErased(page: Page, person: Awaited<ReturnType<typeof personWithRequests>>) {
    const result = page.getByRole('status').filter({ hasText: 'Erased' });
    await result.getByText(`Erased 3 requests of ${person.email}.`).waitFor();
    await expect(result.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Contact Us Requests: 1',
      'KE Demo Requests: 1',
      'Broker Demo Requests: 0',
      'Consultation Requests: 1',
    ]);
    await page.getByText('Nothing is stored for this address.').waitFor();
    // Nothing is left to download or erase (issue 32: it still offered the JSON).
    expect(await page.getByRole('link', { name: 'Download as JSON' }).count()).toBe(0);
    const erase = { name: /^Erase (all|it)$/ };
    expect(await page.getByRole('button', erase).or(page.getByRole('link', erase)).count()).toBe(0);
    await expect(storedEmails(person)).resolves.toEqual([]);
    // The other address's request is still there.
    await expect(suite.db.find('keDemo', `${tag}x`)).resolves.toHaveLength(1);
  }
});

/** A table row's cells as text. */
function cells(row: Locator): Promise<string[]> {
  return row.locator('td').allTextContents();
}
