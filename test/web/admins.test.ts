/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomBytes } from 'node:crypto';

import { MongoClient } from 'mongodb';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';

import {
  adminCredentials,
  keepScreenshot,
  launchBrowser,
  openPage,
  webUrl,
} from '../support/browser';

import { ADMIN_PATH, sessionCookies, signIn } from './support/admin';
import { axeViolations } from './support/suite';

const ACCOUNT = `${ADMIN_PATH}/account`;
const ADMINS = `${ADMIN_PATH}/admins`;

/**
 * The browser suite shares one admin (the stack's) across files: these tests make and remove admins
 * of their own, and never change the shared admin's password.
 */
describe('admins, account and sessions in a real browser', () => {
  let browser: Browser;
  let mongo: MongoClient;
  const contexts: BrowserContext[] = [];
  const madeEmails: string[] = [];

  const newContext = async (javaScriptEnabled = true) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
      // The page's CSP (script nonces) would refuse the axe script the test injects.
      bypassCSP: true,
    });
    contexts.push(context);
    return context;
  };
  const admins = () => mongo.db().collection('admins');
  const uniqueEmail = () => {
    const email = `admin-${randomBytes(4).toString('hex')}@example.com`;
    madeEmails.push(email);
    return email;
  };

  async function signInAs(context: BrowserContext, email: string, password: string) {
    const { page } = await openPage(context, ADMIN_PATH);
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    return page;
  }

  async function signInShared(context: BrowserContext): Promise<Page> {
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    return page;
  }

  /** Adds an admin through the Admins page of a signed-in page. */
  async function addThroughPage(page: Page, email: string, password: string) {
    await page.goto(webUrl(ADMINS));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Initial password').fill(password);
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText(`Added ${email}.`).waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const uri = process.env.TEST_MONGODB_URI;
    if (!uri) throw new Error('TEST_MONGODB_URI is not set');
    mongo = await new MongoClient(uri).connect();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    // Whatever a test left behind (it failed midway), never the shared admin.
    if (madeEmails.length) await admins().deleteMany({ email: { $in: madeEmails.splice(0) } });
  });
  afterAll(async () => {
    await mongo?.close();
    await browser?.close();
  });

  it('lists, adds and removes admins (with a confirmation), with no axe violation', async () => {
    const page = await signInShared(await newContext());
    await page.getByRole('link', { name: 'Admins' }).click();
    await page.getByRole('heading', { name: 'Admins', level: 2 }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: adminCredentials().email, exact: true }).waitFor();

    // Refused input is shown on its field, and the email typed stays.
    await page.getByLabel('Email').fill('colleague');
    await page.getByLabel('Initial password').fill('short');
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText('Please enter an email address such as name@example.com.').waitFor();
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');
    const email = uniqueEmail();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Initial password').fill('password1234');
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page
      .getByText(
        'Initial password is one of the most common passwords in data breaches; choose another',
      )
      .waitFor();

    await page.getByLabel('Initial password').fill('an initial password for them');
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText(`Added ${email}.`).waitFor();
    const row = table.getByRole('row', { name: new RegExp(email) });
    await row.getByText('Initial, to be changed').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await keepScreenshot(page, 'admins-1280');

    await row.getByRole('link', { name: `Remove ${email}` }).click();
    await page.getByText(`Remove the admin ${email}?`).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByText(`Remove the admin ${email}?`).waitFor({ state: 'detached' });
    await row.getByRole('link', { name: `Remove ${email}` }).click();
    await page.getByRole('button', { name: 'Remove admin' }).click();
    await page.getByText(`Removed ${email}.`).waitFor();
    await expect(table.getByRole('row', { name: new RegExp(email) }).count()).resolves.toBe(0);
    await expect(admins().countDocuments({ email })).resolves.toBe(0);
  });

  it('shows the API’s refusal to remove the last admin', async () => {
    // Only the shared admin is left between tests; anything else would make this remove it.
    await expect(admins().countDocuments()).resolves.toBe(1);
    const page = await signInShared(await newContext());
    await page.goto(webUrl(ADMINS));
    await page.getByRole('link', { name: `Remove ${adminCredentials().email}` }).click();
    await page.getByRole('button', { name: 'Remove admin' }).click();
    await page
      .getByRole('alert')
      .getByText('This is the last admin and cannot be removed: add another admin first')
      .waitFor();
    await expect(admins().countDocuments()).resolves.toBe(1);
  });

  it('sends an admin on an initial password to Account until they change it', async () => {
    const email = uniqueEmail();
    await addThroughPage(
      await signInShared(await newContext()),
      email,
      'an initial password for them',
    );

    const page = await signInAs(await newContext(), email, 'an initial password for them');
    await page.waitForURL((url) => url.pathname === ACCOUNT);
    await page
      .getByText('You signed in with an initial password. Choose your own password to continue.')
      .waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await keepScreenshot(page, 'account-must-change');
    // Every other admin page sends them back.
    for (const path of [ADMIN_PATH, ADMINS]) {
      await page.goto(webUrl(path));
      await page.waitForURL((url) => url.pathname === ACCOUNT);
    }

    // Errors per field: a wrong current password, then a repeat that differs.
    await page.getByLabel('Current password').fill('not the initial password');
    await page.getByLabel('New password', { exact: true }).fill('my own good password');
    await page.getByLabel('Repeat the new password').fill('my own good password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is not correct').waitFor();
    await page.getByLabel('Current password').fill('an initial password for them');
    await page.getByLabel('New password', { exact: true }).fill('my own good password');
    await page.getByLabel('Repeat the new password').fill('my own good passwort');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two new passwords differ.').waitFor();
    await page.getByLabel('Repeat the new password').fill('my own good password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('Your password has been changed. Your other sessions have been signed out.')
      .waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL((url) => url.pathname === ADMIN_PATH);
    // Added as a viewer with no leads yet (issue 34): the inbox says so instead of empty panels.
    await page.getByText('You see no leads yet', { exact: false }).waitFor();
  });

  it('Sign Out revokes the token: a copy of the cookie no longer works', async () => {
    const email = uniqueEmail();
    await addThroughPage(await signInShared(await newContext()), email, 'an initial password 1');
    // An admin of this test's own, past its first password change, so the shared one is left alone.
    const context = await newContext();
    const page = await signInAs(context, email, 'an initial password 1');
    await page.getByLabel('Current password').fill('an initial password 1');
    await page.getByLabel('New password', { exact: true }).fill('my own good password');
    await page.getByLabel('Repeat the new password').fill('my own good password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    const [cookie] = await sessionCookies(context);

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.getByText('You have signed out.').waitFor();
    const replay = await newContext();
    await replay.addCookies([cookie!]);
    const { page: replayed } = await openPage(replay, ADMIN_PATH);
    await replayed.getByRole('heading', { name: 'Sign In' }).waitFor();
    await replayed.getByText('Your session has expired. Please sign in again.').waitFor();
  });

  it('signs out everywhere: the other browser’s session ends too', async () => {
    const email = uniqueEmail();
    await addThroughPage(await signInShared(await newContext()), email, 'an initial password 2');
    const first = await signInAs(await newContext(), email, 'an initial password 2');
    await first.getByLabel('Current password').fill('an initial password 2');
    await first.getByLabel('New password', { exact: true }).fill('my own good password');
    await first.getByLabel('Repeat the new password').fill('my own good password');
    await first.getByRole('button', { name: 'Change password' }).click();
    await first.getByText('Your password has been changed.', { exact: false }).waitFor();
    const second = await signInAs(await newContext(), email, 'my own good password');
    await second.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();

    await first.getByRole('button', { name: 'Sign out everywhere' }).click();
    await first.getByText('You have signed out everywhere', { exact: false }).waitFor();
    await second.reload();
    await second.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('works without JavaScript: add and remove an admin, change a password', async () => {
    const context = await newContext(false);
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    const email = uniqueEmail();
    await addThroughPage(page, email, 'an initial password 3');
    await page.getByRole('link', { name: `Remove ${email}` }).click();
    await page.getByRole('button', { name: 'Remove admin' }).click();
    await page.getByText(`Removed ${email}.`).waitFor();
    await expect(admins().countDocuments({ email })).resolves.toBe(0);

    const other = uniqueEmail();
    await addThroughPage(page, other, 'an initial password 4');
    const own = await signInAs(await newContext(false), other, 'an initial password 4');
    await own.getByLabel('Current password').fill('an initial password 4');
    await own.getByLabel('New password', { exact: true }).fill('abc');
    await own.getByLabel('Repeat the new password').fill('abc');
    await own.getByRole('button', { name: 'Change password' }).click();
    await own.getByText('New password must be at least 12 characters').waitFor();
  });
});
