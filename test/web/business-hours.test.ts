/// <reference lib="dom" />
import { type BrowserContext, type Page } from 'playwright-core';

import { newAdminContext, openSettings, signedInPage } from './support/admin';
import { axeViolations, useBrowserAndDb } from './support/suite';

describe('business hours on the Settings page in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await newAdminContext(suite.browser);
    page = await signedInPage(context);
    await openSettings(page);
  });
  afterEach(async () => {
    // Every hour counts again, as the other suites expect.
    const hours = page.getByRole('region', { name: 'Business hours' });
    await hours.getByLabel('Every hour, every day (24/7)').check();
    await hours.getByRole('button', { name: 'Save business hours' }).click();
    await hours.getByText('Business hours saved.').waitFor();
    await context.close();
  });

  it('sets the hours, a split shift and a holiday, keeps them, and says what is wrong in words', async () => {
    const hours = page.getByRole('region', { name: 'Business hours' });
    await expect(hours.getByLabel('Every hour, every day (24/7)').isChecked()).resolves.toBe(true);
    await hours.getByLabel('Only business hours').check();
    await expect(axeViolations(page)).resolves.toEqual([]);

    await hours.getByLabel('Time zone').selectOption('Europe/Berlin');
    const monday = hours.getByRole('group', { name: 'Monday' });
    await monday.getByLabel('Monday, span 1, to').fill('12:00');
    await monday.getByRole('button', { name: 'Add a span to Monday' }).click();
    await monday.getByLabel('Monday, span 2, from').fill('13:00');
    await monday.getByLabel('Monday, span 2, to').fill('18:00');
    const friday = hours.getByRole('group', { name: 'Friday' });
    await friday.getByRole('button', { name: 'Remove span 1 of Friday' }).click();
    await friday.getByText('Closed').waitFor();
    await hours.getByLabel('Holidays').fill('2026-12-25\n2026-12-26');
    await hours.getByRole('button', { name: 'Save business hours' }).click();
    await hours.getByText('Business hours saved.').waitFor();

    // Stored as set, and shown so after a reload.
    await expect(suite.db.setting('business-hours')).resolves.toMatchObject({
      calendar: {
        timeZone: 'Europe/Berlin',
        weekly: {
          mon: [
            { from: '09:00', to: '12:00' },
            { from: '13:00', to: '18:00' },
          ],
          tue: [{ from: '09:00', to: '17:00' }],
        },
        holidays: ['2026-12-25', '2026-12-26'],
      },
    });
    await page.reload();
    await expect(hours.getByLabel('Only business hours').isChecked()).resolves.toBe(true);
    await expect(hours.getByLabel('Time zone').inputValue()).resolves.toBe('Europe/Berlin');
    await expect(hours.getByLabel('Monday, span 2, to').inputValue()).resolves.toBe('18:00');
    await expect(friday.getByLabel('Friday, span 1, from').count()).resolves.toBe(0);
    await expect(hours.getByLabel('Holidays').inputValue()).resolves.toBe('2026-12-25\n2026-12-26');

    // Overlapping spans and a date that does not exist: each said beside its field, in words.
    const tuesday = hours.getByRole('group', { name: 'Tuesday' });
    await tuesday.getByRole('button', { name: 'Add a span to Tuesday' }).click();
    await tuesday.getByLabel('Tuesday, span 2, from').fill('16:00');
    await tuesday.getByLabel('Tuesday, span 2, to').fill('20:00');
    await hours.getByLabel('Holidays').fill('2026-12-25\n2026-02-30');
    await hours.getByRole('button', { name: 'Save business hours' }).click();
    await hours
      .getByText('The business hours were not saved: see the fields marked below.')
      .waitFor();
    const overlap = tuesday.getByText('Overlaps the span above it (which ends at 17:00).');
    await overlap.waitFor();
    await expect(
      tuesday.getByLabel('Tuesday, span 2, from').getAttribute('aria-describedby'),
    ).resolves.toBe(await overlap.getAttribute('id'));
    await hours.getByText('2026-02-30: A holiday must be a real date YYYY-MM-DD.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    // Nothing of it was kept.
    await expect(suite.db.setting('business-hours')).resolves.toMatchObject({
      calendar: { holidays: ['2026-12-25', '2026-12-26'] },
    });
  });
});
