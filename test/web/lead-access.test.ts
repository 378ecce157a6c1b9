import { MongoClient, ObjectId } from 'mongodb';
import { type BrowserContext } from 'playwright-core';

import { openPage } from '../support/browser';

import { ADMIN_PATH, panel, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

const PASSWORD = 'an initial password for the agent';

/**
 * Access to leads in the browser: an owner adds an agent with the role picker, gives them the
 * contact-us leads assigned to them on the Admins page, and the agent signed in sees only theirs.
 */
describe('access to leads in a real browser', () => {
  const suite = useBrowserAndDb();
  let mongo: MongoClient;
  const contexts: BrowserContext[] = [];
  const tag = LeadsDb.tag();
  const email = `agent-${tag}@example.com`;

  const newPage = async () => {
    // The page's CSP (script nonces) would refuse the axe script the test injects.
    const context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    contexts.push(context);
    return (await openPage(context, ADMIN_PATH)).page;
  };

  beforeAll(async () => {
    const uri = process.env.TEST_MONGODB_URI;
    if (!uri) throw new Error('TEST_MONGODB_URI is not set');
    mongo = await new MongoClient(uri).connect();
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    // The suite's own connection is closed by its afterAll, which runs first.
    const db = await LeadsDb.connect();
    await db.removeTagged(tag);
    await db.close();
    await mongo?.db().collection('admins').deleteMany({ email });
    await mongo?.close();
  });

  it('shows an agent with assigned access only the leads assigned to them', async () => {
    const owner = await newPage();
    await signIn(owner);
    await owner.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await owner.getByRole('link', { name: 'Admins' }).click();
    await owner.getByLabel('Email').fill(email);
    await owner.getByLabel('Initial password').fill(PASSWORD);
    await owner.getByLabel('Role', { exact: true }).selectOption('agent');
    await owner.getByRole('button', { name: 'Add admin' }).click();
    await owner.getByText(`Added ${email}.`).waitFor();
    await expect(owner.getByLabel(`Role of ${email}`).inputValue()).resolves.toBe('agent');
    const row = owner.getByRole('row').filter({ hasText: email });
    await row.getByText('Sees no leads.').waitFor();

    await owner.getByLabel(`contact-us leads ${email} sees`).selectOption('assigned');
    await owner.getByRole('button', { name: `Change the access of ${email}` }).click();
    await owner.getByText(`Changed the leads ${email} sees.`, { exact: false }).waitFor();
    await row.getByText('Sees contact-us leads assigned to them.').waitFor();
    await expect(axeViolations(owner)).resolves.toEqual([]);

    // Three contact-us leads: one of them the agent's, one nobody's, one the owner's.
    const agent = await mongo.db().collection('admins').findOne({ email });
    if (!agent) throw new Error('the agent was not added');
    await mongo
      .db()
      .collection('admins')
      .updateOne({ email }, { $set: { mustChangePassword: false } });
    const ownerId = new ObjectId();
    await suite.db.insertAs('contactUs', tag, [
      { name: `Theirs ${tag}`, assigneeId: agent._id, assigneeEmail: email },
      { name: `Nobodys ${tag}` },
      { name: `Someone elses ${tag}`, assigneeId: ownerId, assigneeEmail: 'else@example.com' },
    ]);

    const page = await newPage();
    await signIn(page, PASSWORD, email);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    const contact = panel(page, 'Contact Us Requests');
    await contact.getByText(`Theirs ${tag}`).first().waitFor();
    await expect(contact.getByText(`Nobodys ${tag}`).count()).resolves.toBe(0);
    await expect(contact.getByText(`Someone elses ${tag}`).count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // The owner sees all three.
    await owner.goto(new URL(ADMIN_PATH, owner.url()).toString());
    const all = panel(owner, 'Contact Us Requests');
    for (const name of [`Theirs ${tag}`, `Nobodys ${tag}`, `Someone elses ${tag}`])
      await all.getByText(name).first().waitFor();
  });
});
