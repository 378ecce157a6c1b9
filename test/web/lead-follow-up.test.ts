/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext } from 'playwright-core';

import { dayInZone, formatFullDate, instantInZone, LEAD_KINDS } from '../../nest/src/contract';
import { webUrl } from '../support/browser';

import { ADMIN_PATH, newAdminContext, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

/** A zone far from UTC: "tomorrow at 09:00" there is not 09:00 anywhere else. */
const ZONE = 'Asia/Tokyo';

describe('"Remind me" on the lead’s page in a real browser', () => {
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

  it('sets tomorrow from its header, shows it there in the viewer’s zone, and clears it', async () => {
    const [lead] = await suite.db.insert('brokerDemo', tag, 1);
    context = await newAdminContext(suite.browser, { timezoneId: ZONE });
    const page = await signedInPage(context);
    await page.goto(webUrl(`${ADMIN_PATH}/lead/brokerDemo/${lead!.id}`));
    const title = `${LEAD_KINDS.brokerDemo.panelTitle.replace(/s$/, '')}: ${lead!.name}`;
    const dialog = page.getByRole('dialog', { name: title });
    const header = dialog.locator('.lead-detail__header');
    const now = header.locator('#lead-follow-up-now');
    await now.getByText('none', { exact: true }).waitFor();
    // The header holds the stage, the owner and the actions too; the message comes after it.
    await header.getByRole('combobox', { name: 'Stage' }).waitFor();
    await header.getByRole('combobox', { name: 'Owner' }).waitFor();
    await header.getByRole('button', { name: /^Archive/ }).waitFor();
    await expect(
      dialog.evaluate((root) => {
        const head = root.querySelector('.lead-detail__header');
        const timeline = root.querySelector('#lead-timeline-title');
        return Boolean(
          head &&
          timeline &&
          head.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }),
    ).resolves.toBe(true);
    // The page reads dates in the browser's zone (sent with the session).
    await expect(header.locator('input[name="zone"]').inputValue()).resolves.toBe(ZONE);

    const today = dayInZone(new Date(), ZONE);
    const tomorrow = instantInZone({ ...today, day: today.day + 1 }, 9, 0, ZONE);
    await header.getByRole('button', { name: 'Tomorrow 09:00' }).click();
    await now.getByText(formatFullDate(tomorrow, ZONE), { exact: true }).waitFor();
    expect(formatFullDate(tomorrow, ZONE)).toMatch(/, 09:00 \(Asia\/Tokyo, UTC\+09:00\)$/);
    const [stored] = await suite.db.find('brokerDemo', tag);
    expect((stored?.followUpAt as Date | undefined)?.toISOString()).toBe(tomorrow.toISOString());
    await dialog.getByText(/set a follow-up for /).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    await header.getByRole('button', { name: 'Clear the follow-up' }).click();
    await now.getByText('none', { exact: true }).waitFor();
    await dialog.getByText(/cleared the follow-up/).waitFor();
    const [cleared] = await suite.db.find('brokerDemo', tag);
    expect(cleared?.followUpAt).toBeNull();
    await expect(axeViolations(page)).resolves.toEqual([]);
  });
});
