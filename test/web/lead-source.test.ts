/// <reference lib="dom" />
import { type Lead, PRIVACY_PATHS, type PrivacyLeadsResponse } from '../../nest/src/contract';
import { adminCredentials, webUrl } from '../support/browser';

import { LeadsDb } from './support/leads-db';
import { useBrowserAndDb } from './support/suite';

const CAMPAIGN =
  '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale&utm_content=hero';
const REFERRER = 'https://News.Example.org/story?reader=ada';

/** The visitor's lead as the API answers it (privacy access by address: the one exact look-up). */
async function storedLead(email: string): Promise<Lead> {
  const api = process.env.TEST_API_URL;
  if (!api) throw new Error('TEST_API_URL is not set');
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  });
  const { token } = (await login.json()) as { token: string };
  const answer = await fetch(`${api}${PRIVACY_PATHS.leads}?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as PrivacyLeadsResponse;
  const [lead] = body.kinds.contactUs;
  if (!lead) throw new Error(`no lead of ${email}`);
  return lead;
}

/** Issue 23: the first touch of a visit travels from the landing address to the stored lead. */
describe('a lead’s source, from the landing page', () => {
  const suite = useBrowserAndDb();

  it('with JavaScript: kept in the tab across scrolling, the modal and a reload, sent by the modal', async () => {
    const tag = LeadsDb.tag();
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const before = new Date();
      await page.goto(webUrl(CAMPAIGN), { referer: REFERRER });
      await page.getByRole('button', { name: 'Contact Us' }).waitFor();
      await page.mouse.wheel(0, 2000);
      // Opened and closed: nothing is lost.
      await page.getByRole('button', { name: 'Contact Us' }).click();
      await page.getByRole('dialog', { name: 'Contact Us:' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // A reload, then the bare page (a later page of the visit): the first touch stays.
      await page.reload();
      await page.goto(webUrl('/'));
      const kept = await page.evaluate(() => window.sessionStorage.getItem('first-touch'));
      expect(JSON.parse(kept ?? '{}')).toMatchObject({ utm_source: 'newsletter' });
      expect(await context.cookies()).toEqual([]);

      await page.getByRole('button', { name: 'Contact Us' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Us:' });
      await dialog.getByLabel('Your Name').fill(`${tag} Visitor`);
      await dialog.getByLabel('Your Email').fill(`${tag}@example.com`);
      await dialog.getByLabel('Subject').fill('Pricing data');
      await dialog.getByLabel('Message').fill('Please call me about price modelling.');
      await dialog.getByRole('button', { name: 'SEND' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const { source } = await storedLead(`${tag}@example.com`);
      expect(source).toEqual({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring sale',
        utm_content: 'hero',
        referrer: 'news.example.org',
        landingPath: '/',
        startedAt: expect.stringMatching(/Z$/),
      });
      const started = Date.parse(source?.startedAt ?? '');
      expect(started).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(started).toBeLessThanOrEqual(Date.now());
    } finally {
      await context.close();
      await suite.db.removeTagged(tag);
    }
  });

  it('without JavaScript: the server puts the same fields into the inline form', async () => {
    const tag = LeadsDb.tag();
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(webUrl(CAMPAIGN), { referer: REFERRER });
      await page.getByRole('link', { name: 'Contact Us' }).click();
      await page.getByLabel('Your Name').fill(`${tag} NoScript`);
      await page.getByLabel('Your Email').fill(`${tag}@example.com`);
      await page.getByLabel('Subject').fill('No JS');
      await page.getByLabel('Message').fill('Sent from a browser without JavaScript.');
      await page.getByRole('button', { name: 'SEND' }).click();
      await page.waitForURL(/sent=1/);

      expect((await storedLead(`${tag}@example.com`)).source).toEqual({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring sale',
        utm_content: 'hero',
        referrer: 'news.example.org',
        landingPath: '/',
        startedAt: expect.stringMatching(/Z$/),
      });
    } finally {
      await context.close();
      await suite.db.removeTagged(tag);
    }
  });
});
