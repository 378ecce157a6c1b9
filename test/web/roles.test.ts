import { randomBytes } from 'node:crypto';

import { MongoClient } from 'mongodb';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';

import { launchBrowser, openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { axeViolations } from './support/suite';

const ADMINS = `${ADMIN_PATH}/admins`;
const PASSWORD = 'an initial password for them';

/** The top bar's page links, by name. */
async function barLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allInnerTexts();
}

/**
 * Roles in the browser: the bar offers a viewer only what a viewer may use, an owner everything;
 * an owner changes a role on the Admins page and the other admin's next page shows it.
 */
describe('roles in a real browser', () => {
  let browser: Browser;
  let mongo: MongoClient;
  const contexts: BrowserContext[] = [];
  const email = `viewer-${randomBytes(4).toString('hex')}@example.com`;

  const newPage = async (path = ADMIN_PATH) => {
    // The page's CSP (script nonces) would refuse the axe script the test injects.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    contexts.push(context);
    return (await openPage(context, path)).page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const uri = process.env.TEST_MONGODB_URI;
    if (!uri) throw new Error('TEST_MONGODB_URI is not set');
    mongo = await new MongoClient(uri).connect();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await mongo?.db().collection('admins').deleteMany({ email });
    await mongo?.close();
    await browser?.close();
  });

  it('offers a viewer only what they may use, an owner everything, and lets the owner change a role', async () => {
    const owner = await newPage();
    await signIn(owner);
    await owner.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await expect(barLinks(owner)).resolves.toEqual([
      'Queue',
      'Inbox',
      'Insights',
      'Privacy',
      'Activity',
      'Settings',
      'Admins',
      'API keys',
      'Account',
    ]);

    // Added on the Admins page without a role: a viewer.
    await owner.getByRole('link', { name: 'Admins' }).click();
    await owner.getByLabel('Email').fill(email);
    await owner.getByLabel('Initial password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Add admin' }).click();
    await owner.getByText(`Added ${email}.`).waitFor();
    await expect(owner.getByLabel(`Role of ${email}`).inputValue()).resolves.toBe('viewer');
    await expect(axeViolations(owner)).resolves.toEqual([]);
    // Past the initial password (tested in admins.test.ts), so the viewer lands on the inbox.
    await mongo
      .db()
      .collection('admins')
      .updateOne({ email }, { $set: { mustChangePassword: false } });

    const viewer = await newPage();
    await signIn(viewer, PASSWORD, email);
    await viewer.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await viewer.getByRole('heading', { name: /^Contact Us Requests/ }).waitFor();
    await expect(barLinks(viewer)).resolves.toEqual(['Queue', 'Inbox', 'Insights', 'Account']);
    await expect(axeViolations(viewer)).resolves.toEqual([]);
    await viewer.getByRole('link', { name: 'Account' }).click();
    await viewer.getByText(`Signed in as ${email}. Your role: viewer.`).waitFor();
    await expect(axeViolations(viewer)).resolves.toEqual([]);
    // A link typed in is refused too, and the API refuses whatever the page offers.
    const typed = await viewer.goto(webUrl(ADMINS));
    expect(typed?.status()).toBe(403);

    // The owner makes them a manager: from their next page on, the bar offers more.
    await owner.getByLabel(`Role of ${email}`).selectOption('manager');
    await owner.getByRole('button', { name: `Change the role of ${email}` }).click();
    await owner.getByText(`Changed the role of ${email}.`, { exact: false }).waitFor();
    await expect(owner.getByLabel(`Role of ${email}`).inputValue()).resolves.toBe('manager');

    await viewer.goto(webUrl(ADMIN_PATH));
    await viewer.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await expect(barLinks(viewer)).resolves.toEqual([
      'Queue',
      'Inbox',
      'Insights',
      'Activity',
      'Settings',
      'Account',
    ]);
  });
});
