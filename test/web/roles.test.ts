import { randomBytes } from 'node:crypto';

import { MongoClient } from 'mongodb';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';

import { FULL_LEAD_ACCESS, NO_LEAD_ACCESS } from '../../nest/src/contract';
import { launchBrowser, openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, panel, signIn } from './support/admin';
import { storeAdmin } from './support/admins-db';
import { LeadsDb } from './support/leads-db';
import { axeViolations } from './support/suite';

const ADMINS = `${ADMIN_PATH}/admins`;
const PASSWORD = 'an initial password for them';

/** The top bar's page links, by name. */
async function barLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allInnerTexts();
}

/** The top bar's page links: where each goes. */
async function barHrefs(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
  return Promise.all(
    (await links.all()).map(async (link) => String(await link.getAttribute('href'))),
  );
}

/**
 * Every page the bar offers opens, and none says the role is refused (what a 403 of the API reads
 * as on a page): the bar offers nothing that ends in 403.
 */
async function expectEveryBarPageOpens(page: Page): Promise<void> {
  for (const href of await barHrefs(page)) {
    const answer = await page.goto(webUrl(href));
    expect({ href, status: answer?.status() }).toEqual({ href, status: 200 });
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await expect(page.getByText('does not allow this').count()).resolves.toBe(0);
  }
  await page.goto(webUrl(ADMIN_PATH));
}

/**
 * Roles in the browser: the bar offers a viewer only what a viewer may use, an owner everything;
 * an owner changes a role on the Admins page and the other admin's next page shows it. A manager,
 * and an agent who sees one kind's leads assigned to them, are offered only what their role and
 * access allow, on the bar and on the dashboard.
 */
describe('roles in a real browser', () => {
  let browser: Browser;
  let mongo: MongoClient;
  let leads: LeadsDb;
  const contexts: BrowserContext[] = [];
  const word = randomBytes(4).toString('hex');
  const email = `viewer-${word}@example.com`;
  const managerEmail = `manager-${word}@example.com`;
  const agentEmail = `agent-${word}@example.com`;
  const readerEmail = `reader-${word}@example.com`;
  const tag = LeadsDb.tag();

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
    leads = await LeadsDb.connect();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await leads?.removeTagged(tag);
    await leads?.close();
    await mongo
      ?.db()
      .collection('admins')
      .deleteMany({ email: { $in: [email, managerEmail, agentEmail, readerEmail] } });
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
    // A new viewer sees no leads until an owner gives them some: no panel, and a word why.
    await viewer.getByText('You see no leads yet', { exact: false }).waitFor();
    await expect(viewer.locator('section.lead-panel').count()).resolves.toBe(0);
    await expect(barLinks(viewer)).resolves.toEqual([
      'Queue',
      'Inbox',
      'Insights',
      'Activity',
      'Account',
    ]);
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

  it('offers a manager, and an agent with one kind assigned, only what they may do', async () => {
    const password = 'a password of their own';
    await storeAdmin(mongo, {
      email: managerEmail,
      password,
      role: 'manager',
      access: FULL_LEAD_ACCESS,
    });
    const agentId = await storeAdmin(mongo, {
      email: agentEmail,
      password,
      role: 'agent',
      access: { ...NO_LEAD_ACCESS, kinds: { ...NO_LEAD_ACCESS.kinds, contactUs: 'assigned' } },
    });
    const theirs = { assigneeId: agentId, assigneeEmail: agentEmail };
    await leads.insertAs('contactUs', tag, [
      { name: `Filed ${tag}`, archivedAt: new Date(), ...theirs },
      { name: `Theirs ${tag}`, ...theirs },
    ]);
    await leads.insertAs('keDemo', tag, [{ name: `Demo ${tag}`, ...theirs }]);

    // The agent: leads they work, no export, no deleting for good, no settings, no privacy, no
    // admins; the activity of their own actions; only the contact-us panel (KE demo is `none`).
    const agent = await newPage();
    await signIn(agent, password, agentEmail);
    await agent.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await expect(barLinks(agent)).resolves.toEqual([
      'Queue',
      'Inbox',
      'Insights',
      'Activity',
      'Account',
    ]);
    const contact = panel(agent, 'Contact Us Requests');
    await contact.getByText(`Theirs ${tag}`).first().waitFor();
    await expect(agent.locator('section.lead-panel').count()).resolves.toBe(1);
    await expect(agent.getByText(`Demo ${tag}`).count()).resolves.toBe(0);
    await expect(agent.getByRole('link', { name: /^Export CSV/ }).count()).resolves.toBe(0);
    await expect(axeViolations(agent)).resolves.toEqual([]);
    await contact.getByRole('button', { name: /^Archived/ }).click();
    const archive = agent.getByRole('dialog', { name: 'Archived Contact Us Requests' });
    await archive.getByText(`Filed ${tag}`).first().waitFor();
    await expect(
      archive.getByRole('button', { name: 'Unarchive', exact: true }).count(),
    ).resolves.toBe(1);
    await expect(
      archive.getByRole('button', { name: 'Delete', exact: true }).count(),
    ).resolves.toBe(0);
    await expect(archive.getByRole('link', { name: /^Export CSV/ }).count()).resolves.toBe(0);
    await expect(axeViolations(agent)).resolves.toEqual([]);
    await archive.getByRole('button', { name: 'Close' }).first().click();
    await expectEveryBarPageOpens(agent);
    await agent.getByRole('link', { name: 'Activity' }).click();
    await agent.getByRole('heading', { name: 'Your activity' }).waitFor();
    const admins = await agent.locator('.activity__admin').allInnerTexts();
    expect(admins.length).toBeGreaterThan(0);
    expect([...new Set(admins.map((text) => text.trim()))]).toEqual([agentEmail]);
    await expect(axeViolations(agent)).resolves.toEqual([]);

    // The manager: every panel, export and deleting for good, settings and everyone's activity;
    // no privacy, no admins.
    const manager = await newPage();
    await signIn(manager, password, managerEmail);
    await manager.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await expect(barLinks(manager)).resolves.toEqual([
      'Queue',
      'Inbox',
      'Insights',
      'Activity',
      'Settings',
      'Account',
    ]);
    await panel(manager, 'Contact Us Requests').getByText(`Theirs ${tag}`).first().waitFor();
    await expect(manager.locator('section.lead-panel').count()).resolves.toBe(4);
    await expect(manager.getByRole('link', { name: /^Export CSV/ }).count()).resolves.toBe(4);
    await expect(axeViolations(manager)).resolves.toEqual([]);
    await panel(manager, 'Contact Us Requests')
      .getByRole('button', { name: /^Archived/ })
      .click();
    const filed = manager.getByRole('dialog', { name: 'Archived Contact Us Requests' });
    await filed.getByText(`Filed ${tag}`).first().waitFor();
    await expect(filed.getByRole('button', { name: 'Delete', exact: true }).count()).resolves.toBe(
      1,
    );
    await expect(filed.getByRole('link', { name: /^Export CSV/ }).count()).resolves.toBe(1);
    await filed.getByRole('button', { name: 'Close' }).first().click();
    await expectEveryBarPageOpens(manager);
    await manager.getByRole('link', { name: 'Activity' }).click();
    await manager.getByRole('heading', { name: 'Activity', exact: true }).waitFor();
    await manager.locator('.activity__admin', { hasText: agentEmail }).first().waitFor();
    await expect(axeViolations(manager)).resolves.toEqual([]);
  });

  it('shows a viewer a lead to read, with nothing to work it by, and leaves it unread', async () => {
    const password = 'a password of their own';
    await storeAdmin(mongo, {
      email: readerEmail,
      password,
      role: 'viewer',
      access: { ...NO_LEAD_ACCESS, kinds: { ...NO_LEAD_ACCESS.kinds, contactUs: 'all' } },
    });
    const [lead] = await leads.insert('contactUs', tag, 1);
    const viewer = await newPage();
    await signIn(viewer, password, readerEmail);
    const list = panel(viewer, 'Contact Us Requests');
    await list.getByText(lead!.name).first().waitFor();
    // The list: no checkbox, no bulk toolbar, no Archive.
    await expect(list.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(list.getByRole('button', { name: /^Archive(?!d)/ }).count()).resolves.toBe(0);

    // Whatever the page posts (the API would refuse a viewer's read mark, so the lead's readAt
    // alone could not tell).
    const posts: string[] = [];
    viewer.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await viewer.goto(webUrl(`${ADMIN_PATH}/lead/contactUs/${lead!.id}`));
    const facts = viewer.locator('.lead-detail__facts');
    await facts.getByText('Stage').waitFor();
    await expect(facts.innerText()).resolves.toMatch(/Owner\s+Nobody/);
    for (const name of [
      'Set stage',
      'Set owner',
      'Assign to me',
      'Add note',
      'Archive',
      'Mark unread',
    ])
      await expect(viewer.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    await expect(viewer.getByRole('button', { name: /^Send/ }).count()).resolves.toBe(0);
    await expect(viewer.getByRole('heading', { name: 'Notes' }).count()).resolves.toBe(1);
    await expect(axeViolations(viewer)).resolves.toEqual([]);
    // Reading is work: a viewer's look marks nothing read, and posts nothing.
    await viewer.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    const [stored] = await leads.find('contactUs', tag);
    expect(stored?.readAt ?? null).toBeNull();
  });
});
