/// <reference lib="dom" />
import { type BrowserContext, type Page } from 'playwright-core';

import { adminCredentials, openPage } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { axeViolations, useBrowserAndDb } from './support/suite';

describe('automatic assignment and availability in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    ({ page } = await openPage(context, ADMIN_PATH));
    await signIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
  });
  afterEach(async () => {
    // Every rule off again, as the other suites expect.
    await page.getByRole('link', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Automatic assignment' });
    for (const kind of ['Contact Us', 'KE Demo', 'Broker Demo', 'Consultation'])
      await section
        .getByRole('group', { name: `${kind} Requests` })
        .getByLabel('Rule')
        .selectOption('off');
    await section.getByRole('button', { name: 'Save automatic assignment' }).click();
    await section.getByText('Automatic assignment saved.').waitFor();
    await context.close();
  });

  it('sets a kind’s rule, says what is wrong by its kind, and marks me away and back', async () => {
    const section = page.getByRole('region', { name: 'Automatic assignment' });
    await expect(axeViolations(page)).resolves.toEqual([]);
    const keDemo = section.getByRole('group', { name: 'KE Demo Requests' });
    await keDemo.getByLabel('Rule').selectOption('round-robin');
    await keDemo.getByLabel(adminCredentials().email, { exact: true }).check();
    await keDemo.getByLabel('Cap of open requests per admin (blank: none)').fill('5');
    // A rule on with nobody to choose: refused, said by its kind.
    const consultation = section.getByRole('group', { name: 'Consultation Requests' });
    await consultation.getByLabel('Rule').selectOption('least-open');
    await section.getByRole('button', { name: 'Save automatic assignment' }).click();
    await section
      .getByText('Automatic assignment was not saved: see the kinds marked below.')
      .waitFor();
    await consultation
      .getByText('Admins: name at least one admin for the rule to choose from')
      .waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    // Refused: nothing stored (no rule set before this test), and never the refused rule.
    expect((await suite.db.setting('assignment')) ?? {}).not.toMatchObject({
      kinds: { consultation: { rule: 'least-open' } },
    });

    await consultation.getByLabel('Rule').selectOption('off');
    await section.getByRole('button', { name: 'Save automatic assignment' }).click();
    await section.getByText('Automatic assignment saved.').waitFor();
    await expect(suite.db.setting('assignment')).resolves.toMatchObject({
      kinds: { keDemo: { rule: 'round-robin', admins: [expect.any(String)], cap: 5 } },
    });
    await page.reload();
    await expect(keDemo.getByLabel('Rule').inputValue()).resolves.toBe('round-robin');
    await expect(
      keDemo.getByLabel(adminCredentials().email, { exact: true }).isChecked(),
    ).resolves.toBe(true);

    // Away until a day ahead, then back.
    await page.getByRole('link', { name: 'Account' }).click();
    const availability = page.getByRole('region', { name: 'Availability' });
    await availability
      .getByText('You are available: automatic assignment may choose you.')
      .waitFor();
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await availability.getByLabel('Back on (blank: until I say so)').fill(ahead);
    await availability.getByRole('button', { name: 'Mark me away' }).click();
    await page.getByText('Your availability is saved.').waitFor();
    await availability
      .getByText(`You are away until ${ahead}: automatic assignment skips you.`)
      .waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    const stored = (await suite.db.setting('availability')) as {
      admins: Record<string, { away: boolean; until: string | null }>;
    } | null;
    expect(Object.values(stored?.admins ?? {})).toContainEqual(
      expect.objectContaining({ away: true, until: `${ahead}T00:00:00.000Z` }),
    );
    await availability.getByRole('button', { name: 'I’m back' }).click();
    await page.getByText('Welcome back: automatic assignment may choose you again.').waitFor();
    await availability
      .getByText('You are available: automatic assignment may choose you.')
      .waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
  });
});
