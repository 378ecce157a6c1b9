/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext } from 'playwright-core';

import { webUrl } from '../support/browser';

import { ADMIN_PATH, newAdminContext, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

describe('merging a person’s requests from a lead’s detail in a real browser', () => {
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

  it('merges the other request into this one, takes it back with Undo, and links another kind', async () => {
    // Three requests of one address: two contact requests and a KE demo.
    const [demo] = await suite.db.insert('keDemo', tag, 1);
    const address = { email: demo!.email, emailKey: demo!.email };
    await suite.db.insertAs('contactUs', tag, [address, address]);
    const [older, newer] = (await suite.db.find('contactUs', tag))
      .sort((a, b) => Number(a.createdAt) - Number(b.createdAt))
      .map((lead) => ({ id: String(lead._id), name: String(lead.name) }));
    context = await newAdminContext(suite.browser);
    const page = await signedInPage(context);
    await page.goto(webUrl(`${ADMIN_PATH}/lead/contactUs/${older!.id}`));
    const dialog = page.getByRole('dialog', { name: `Contact Us Request: ${older!.name}` });
    const related = dialog.getByRole('region', { name: 'Other requests from this address' });
    await related.getByRole('form', { name: 'Merge into this one' }).waitFor();
    // One of another kind is linked, not merged: it says so.
    await related.getByRole('button', { name: 'Link to this one' }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    await related.getByRole('button', { name: 'Merge into this one' }).click();
    const toast = dialog.getByRole('status').filter({ hasText: 'Merged 1 request into this one.' });
    await toast.waitFor();
    // The newer request is gone from its list, its text kept on this lead's timeline.
    await dialog.getByText(/merged in the request of/).waitFor();
    await related
      .getByRole('button', { name: 'Merge into this one' })
      .waitFor({ state: 'detached' });
    expect(await suite.db.find('contactUs', tag)).toHaveLength(1);
    await expect(axeViolations(page)).resolves.toEqual([]);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await related.getByRole('button', { name: 'Merge into this one' }).waitFor();
    await dialog.getByText(/took a merge back/).waitFor();
    const back = await suite.db.find('contactUs', tag);
    expect(back.map((lead) => String(lead._id)).sort()).toEqual([older!.id, newer!.id].sort());

    // The KE demo is linked: it stays in its own inbox, and both timelines say so.
    await related.getByRole('button', { name: 'Link to this one' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Linked 1 request.' }).waitFor();
    await dialog.getByText(/linked the same person’s KE demo request/).waitFor();
    expect(await suite.db.find('keDemo', tag)).toHaveLength(1);
    await expect(axeViolations(page)).resolves.toEqual([]);
  });
});
