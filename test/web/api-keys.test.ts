/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomBytes } from 'node:crypto';

import { type Browser, type BrowserContext } from 'playwright-core';

import { launchBrowser, openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { axeViolations } from './support/suite';

const LEADS = '/contact-us-request/contact-us-requests';

/** A call to the API as an integration makes it: Node's fetch with the key as bearer. */
async function callApi(key: string, path: string, init: RequestInit = {}) {
  const api = process.env.TEST_API_URL;
  if (!api) throw new Error('TEST_API_URL is not set');
  const res = await fetch(new URL(path, api), {
    ...init,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * The API keys page (issue 34), as an owner uses it: create a key, see it this once and copy it,
 * use it from outside the browser, revoke it after confirming, and it is refused at once.
 */
describe('API keys in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates a key shown once with a copy button, which works until it is revoked', async () => {
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      // The page's CSP (script nonces) would refuse the axe script the test injects.
      bypassCSP: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page, watch } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    // Owners find it in the bar (roles.test.ts: other roles are not offered it).
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'API keys' })
      .click();
    await page.getByRole('heading', { name: 'API keys', level: 2 }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    // A name with a control character is refused in the form's words.
    await page.getByLabel('Name').fill('tab\tname');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Name must not hold control characters', { exact: false }).waitFor();

    const name = `Browser sync ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByLabel('KE demo').selectOption('none');
    await page.getByLabel('Expires').selectOption('7');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: `The key “${name}”` }).waitFor();
    await page.getByText('it is shown only this once').waitFor();
    const key = await page.getByLabel('The new API key').inputValue();
    expect(key).toMatch(/^bmd_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // The key works from outside, as a viewer with the access given: KE demo leads none.
    const leads = await callApi(key, LEADS);
    expect(leads.status).toBe(200);
    expect(Array.isArray(leads.body.data)).toBe(true);
    const keDemo = await callApi(key, '/ke-demo-request/ke-demo-requests');
    expect(keDemo).toMatchObject({ status: 200, body: { data: [], total: 0 } });
    const mint = await callApi(key, '/api-keys', {
      method: 'POST',
      body: JSON.stringify({ name: 'child', role: 'viewer' }),
    });
    expect(mint.status).toBe(403);
    expect(String(mint.body.message)).toMatch(/^API keys can't do this/);

    // Shown once: the page read again lists the key by its first characters only.
    await page.goto(webUrl(`${ADMIN_PATH}/api-keys`));
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(`${key.slice(0, 10)}…`);
    await expect(page.content()).resolves.not.toContain(key.slice(10));
    await expect(row.innerText()).resolves.toContain('viewer');

    // Revoked after confirming: refused from its next request.
    await row.getByRole('link', { name: `Revoke ${name}` }).click();
    await page.getByText(`Revoke the key ${name}?`).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText(`Revoked the key ${name}.`, { exact: false }).waitFor();
    await expect(page.getByRole('row', { name: new RegExp(name) }).count()).resolves.toBe(0);
    const refused = await callApi(key, LEADS);
    expect(refused).toMatchObject({
      status: 401,
      body: { success: false, message: 'This API key was revoked' },
    });
    // The one refusal the test asked for (the control character) is the browser's one complaint.
    expect(watch.consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
