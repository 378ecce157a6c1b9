/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomBytes } from 'node:crypto';

import { MongoClient } from 'mongodb';
import { type BrowserContext, type Page } from 'playwright-core';

import { FULL_LEAD_ACCESS, type LeadKindKey } from '../../nest/src/contract';
import { adminCredentials, openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { storeAdmin } from './support/admins-db';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

/**
 * The queue's bulk toolbar (issue 32): rows selected by checkbox and by `x`, acted on across kinds
 * (each kind's leads in one call to its own bulk endpoint), a kind's failure said and left
 * selected; a viewer is offered neither the toolbar nor the checkboxes.
 */
describe('bulk actions on the queue’s selection', () => {
  const tag = LeadsDb.tag();
  const viewerEmail = `viewer-${randomBytes(4).toString('hex')}@example.com`;
  const PASSWORD = 'a password of their own';
  const contexts: BrowserContext[] = [];
  let mongo: MongoClient;
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await suite.db.removeTagged(tag);
    await mongo?.db().collection('admins').deleteMany({ email: viewerEmail });
    await mongo?.close();
  });
  const suite = useBrowserAndDb();
  let made: Record<LeadKindKey, { id: string; name: string }[]>;

  beforeAll(async () => {
    made = {
      contactUs: await suite.db.insert('contactUs', tag, 2),
      keDemo: await suite.db.insert('keDemo', tag, 2),
      brokerDemo: await suite.db.insert('brokerDemo', tag, 1),
      consultation: [],
    };
    mongo = await new MongoClient(process.env.TEST_MONGODB_URI as string).connect();
    await storeAdmin(mongo, {
      email: viewerEmail,
      password: PASSWORD,
      role: 'viewer',
      access: FULL_LEAD_ACCESS,
    });
  });

  async function queue(email?: string): Promise<Page> {
    const context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    contexts.push(context);
    const { page } = await openPage(context, ADMIN_PATH);
    if (email) await signIn(page, PASSWORD, email);
    else await signIn(page);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await page.goto(webUrl(`${ADMIN_PATH}/queue?q=${tag}`));
    await page.getByRole('heading', { name: 'Queue' }).waitFor();
    await page.locator('.queue-row').first().waitFor();
    return page;
  }

  const stored = async () =>
    (
      await Promise.all(
        (['contactUs', 'keDemo', 'brokerDemo'] as const).map((kind) => suite.db.find(kind, tag)),
      )
    ).flat();

  it('acts on leads of several kinds at once, and says which kind it could not act on', async () => {
    const page = await queue();
    const bar = page.getByRole('group', { name: 'Act on selected leads' });
    await bar.getByText('Select all').waitFor();
    await expect(bar.getByRole('button', { name: 'Archive' }).isDisabled()).resolves.toBe(true);

    // One by checkbox, one by keyboard (j on to the next row, x), then all.
    await page.locator('.queue-row').first().getByRole('checkbox').check();
    await bar.getByText('1 selected').waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('checkbox').check();
    await bar.getByText('5 selected').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A stage across kinds: each kind's leads in one call, all five set.
    await bar.getByRole('button', { name: 'More actions' }).click();
    await bar
      .getByRole('combobox', { name: 'Stage for the selected leads' })
      .selectOption('qualified');
    await bar.getByRole('button', { name: 'Set stage' }).click();
    await page.getByRole('status').filter({ hasText: 'Stage set: 5 leads.' }).waitFor();
    await expect(page.locator('.queue-row__stage', { hasText: 'qualified' }).count()).resolves.toBe(
      5,
    );
    expect((await stored()).map((doc) => doc.stage)).toEqual(Array(5).fill('qualified'));
    // Done: the selection is empty.
    await bar.getByText('Select all').waitFor();

    // Assigned to me, all five.
    await bar.getByRole('checkbox').check();
    await bar.getByRole('button', { name: 'More actions' }).click();
    await bar.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('status').filter({ hasText: 'Assigned to you: 5 leads.' }).waitFor();
    expect((await stored()).map((doc) => doc.assigneeEmail)).toEqual(
      Array(5).fill(adminCredentials().email),
    );

    // A partial failure: one broker demo is gone when Archive is pressed. The other kinds'
    // leads are archived; the broker demo's call is refused, said, and stays selected.
    await bar.getByRole('checkbox').check();
    await bar.getByText('5 selected').waitFor();
    await suite.db.remove('brokerDemo', made.brokerDemo[0]!.id);
    await bar.getByRole('button', { name: 'Archive' }).click();
    const alert = page.locator('.alert-danger[role="status"]');
    await alert.getByText('Archived: 4 of 5 leads.').waitFor();
    expect(await alert.textContent()).toContain('Broker Demo (1 lead)');
    const left = await stored();
    expect(left.filter((doc) => doc.archivedAt).length).toBe(4);
    expect(left.some((doc) => String(doc._id) === made.brokerDemo[0]!.id)).toBe(false);
  });

  it('offers a viewer neither the toolbar, nor the checkboxes, nor the work keys', async () => {
    await suite.db.insert('consultation', tag, 1);
    const page = await queue(viewerEmail);
    await expect(page.getByRole('group', { name: 'Act on selected leads' }).count()).resolves.toBe(
      0,
    );
    await expect(page.locator('.queue-row input[type="checkbox"]').count()).resolves.toBe(0);
    expect(await page.locator('.queue__hint').textContent()).not.toContain('archive');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Next request').waitFor();
    await expect(help.getByText('Archive it').count()).resolves.toBe(0);
    await expect(help.getByText('Assign it to me').count()).resolves.toBe(0);
  });
});
