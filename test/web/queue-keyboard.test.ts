/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext, type Page } from 'playwright-core';

import {
  LEAD_KINDS,
  type LeadKindKey,
  leadPaths,
  type LeadResponse,
  type LeadTimelineResponse,
  leadWorkPaths,
} from '../../nest/src/contract';
import { adminCredentials, openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

/** Ten leads across the four kinds. */
const LEADS: [LeadKindKey, number][] = [
  ['contactUs', 3],
  ['keDemo', 3],
  ['brokerDemo', 2],
  ['consultation', 2],
];

/** The API's answers about a lead, as a client reads them with the suite admin's token. */
async function apiClient() {
  const api = process.env.TEST_API_URL;
  if (!api) throw new Error('TEST_API_URL is not set');
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  });
  const { token } = (await login.json()) as { token: string };
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  return {
    lead: (kind: LeadKindKey, id: string) =>
      get<LeadResponse>(leadPaths(LEAD_KINDS[kind]).one(id)).then((body) => body.lead),
    timeline: (kind: LeadKindKey, id: string) =>
      get<LeadTimelineResponse>(leadWorkPaths(LEAD_KINDS[kind]).timeline(id)).then(
        (body) => body.events,
      ),
  };
}

/**
 * Issue 32's "done when": ten leads worked through the queue by keyboard alone (open, stage,
 * assign, note, follow-up, archive, next), each step seen on the page, then each lead read back
 * from the API.
 */
describe('the queue worked by keyboard alone', () => {
  const tag = LeadsDb.tag();
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
    await suite.db.removeTagged(tag);
  });
  const suite = useBrowserAndDb();

  it('takes ten leads from new to archived: open, stage, assign, note, follow-up, archive, next', async () => {
    for (const [kind, count] of LEADS) await suite.db.insert(kind, tag, count);
    const api = await apiClient();
    context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto(webUrl(`${ADMIN_PATH}/queue?q=${tag}`));
    await page.getByRole('heading', { name: 'Queue' }).waitFor();
    const hint = await page.locator('.queue__hint').textContent();
    expect(hint).toContain('?');
    expect(hint).toContain('archive');
    const rows = page.locator('.queue-row__name');
    await expect(rows.count()).resolves.toBe(10);

    const worked: { kind: LeadKindKey; id: string; note: string }[] = [];
    for (let n = 0; n < 10; n++) {
      // Next: the first row (the lead archived before has left the list), opened with Enter.
      await expect(rows.count()).resolves.toBe(10 - n);
      const name = (await rows.first().textContent()) ?? '';
      const href = (await page.locator('.queue-row__link').first().getAttribute('href')) ?? '';
      await page.keyboard.press('j');
      await waitForFocus(page, `.queue-row__link[href="${href}"]`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      const lead = page.locator('.queue-lead');
      await page.locator('.queue-row--open .queue-row__name', { hasText: name }).waitFor();
      await lead.getByRole('heading', { name: new RegExp(name) }).waitFor();
      const [, kind, id] = /\/queue\/(\w+)\/([0-9a-f]{24})/.exec(page.url()) ?? [];
      const open = page.locator('.queue-row--open');

      // Stage: s takes focus to it, ↓ picks the next (Contacted), Enter sets it.
      await page.keyboard.press('s');
      await waitForFocus(page, '#lead-stage');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await lead.getByText('moved it from New to Contacted').waitFor();
      await open.locator('.queue-row__stage', { hasText: 'contacted' }).waitFor();

      // Assign to me: the owner is the admin, in the detail and in the row.
      await page.keyboard.press('a');
      await open.locator('.queue-row__owner', { hasText: adminCredentials().email }).waitFor();
      await lead.getByRole('button', { name: 'Assign to me' }).waitFor({ state: 'detached' });

      // A note: n, the text, Ctrl+Enter.
      const note = `${tag} note ${n}`;
      await page.keyboard.press('n');
      await waitForFocus(page, '#lead-note');
      await page.keyboard.type(note);
      await page.keyboard.press('Control+Enter');
      await lead.locator('.lead-work__note', { hasText: note }).waitFor();

      // Follow-up: f takes focus to "Remind me"'s first choice (tomorrow), Enter picks it.
      await page.keyboard.press('f');
      await waitForFocus(page, '#lead-follow-up-first');
      await page.keyboard.press('Enter');
      await lead.getByRole('button', { name: 'Clear the follow-up' }).waitFor();
      expect(await lead.locator('#lead-follow-up-now').textContent()).not.toContain('none');

      // Archive: the lead leaves the list, and its detail offers to take it back.
      await page.keyboard.press('e');
      await lead.getByRole('button', { name: `Unarchive ${name}` }).waitFor();
      await open.waitFor({ state: 'detached' });
      if (n === 0) expect(await axeViolations(page)).toEqual([]);
      worked.push({ kind: kind as LeadKindKey, id: id as string, note });
    }
    await page.locator('.queue__empty').waitFor();

    // What the API then answers about each of the ten.
    const me = adminCredentials().email;
    for (const { kind, id, note } of worked) {
      const lead = await api.lead(kind, id);
      expect(lead).toMatchObject({ stage: 'contacted', assignee: { email: me } });
      expect(lead.archivedAt).not.toBeNull();
      expect(lead.readAt).not.toBeNull();
      expect(Date.parse(lead.followUpAt ?? '')).toBeGreaterThan(Date.now());
      const events = await api.timeline(kind, id);
      expect(events.some((event) => event.type === 'note' && event.detail.text === note)).toBe(
        true,
      );
    }
    expect(new Set(worked.map((lead) => lead.id)).size).toBe(10);
    expect(new Set(worked.map((lead) => lead.kind))).toEqual(new Set(LEADS.map(([kind]) => kind)));
    // Ten leads of seven steps each, every step waiting for what the page shows.
  }, 300_000);
});

/** Waits until the focused element matches `selector`. */
async function waitForFocus(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => document.activeElement?.matches(css) === true, selector);
}
