import { MongoClient, ObjectId } from 'mongodb';
import { type BrowserContext, type Page } from 'playwright-core';

import { formatExactDate, formatFullDate } from '../../nest/src/contract';
import { ACCOUNT_PATH, ACTIVITY_PATH, ADMIN_PATH } from '../../remix/config/paths';
import { adminCredentials, webUrl } from '../support/browser';

import { signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

const ZONE = 'America/New_York';
/** A lead received at 00:02:44 UTC: still the day before in New York, 05:32 in Kolkata. */
const RECEIVED = new Date('2026-11-21T00:02:44.000Z');

/** React's words for a page whose server text and browser text differ (in development and built). */
const HYDRATION = /hydrat|did not match|Minified React error #(418|423|425)/i;

/** Every date in the admin area in the viewer's zone (issue 32): the browser's, or their choice. */
describe("dates in the viewer's zone", () => {
  const suite = useBrowserAndDb();
  const tag = LeadsDb.tag();
  let mongo: MongoClient;
  let context: BrowserContext;
  let leadId: string;
  const activityAt = new Date();

  beforeAll(async () => {
    mongo = await new MongoClient(process.env.TEST_MONGODB_URI!).connect();
    await suite.db.insertAs('contactUs', tag, [{ createdAt: RECEIVED, updatedAt: RECEIVED }]);
    const [lead] = await suite.db.find('contactUs', tag);
    leadId = String(lead?._id);
    await mongo
      .db()
      .collection('audit_log')
      .insertOne({
        at: activityAt,
        action: 'read',
        adminId: null,
        adminEmail: adminCredentials().email,
        kind: 'contactUs',
        ids: [new ObjectId().toHexString()],
        ip: '127.0.0.1',
        detail: { mark: tag },
      });
    context = await suite.browser.newContext({ timezoneId: ZONE });
  });
  afterAll(async () => {
    await context?.close();
    // (The suite's own connection is closed by now: its afterAll was declared first.)
    await mongo
      .db()
      .collection('contact_us_requests')
      .deleteMany({ name: { $regex: tag } });
    await mongo.db().collection('audit_log').deleteMany({ 'detail.mark': tag });
    // The suite's other files see the admin as it was: following the browser.
    await mongo
      .db()
      .collection('admins')
      .updateOne({ email: adminCredentials().email }, { $set: { timeZone: null } });
    await mongo.close();
  });

  /** A page whose console is watched for React's hydration complaints. */
  async function watchedPage(): Promise<{ page: Page; hydration: string[] }> {
    const page = await context.newPage();
    const hydration: string[] = [];
    page.on('console', (message) => {
      if (HYDRATION.test(message.text())) hydration.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (HYDRATION.test(error.message)) hydration.push(error.message);
    });
    return { page, hydration };
  }

  const received = (page: Page) =>
    page.locator('.lead-detail__field', { hasText: 'Received' }).locator('dd');

  /** The lead's page, loaded whole (server-rendered, then hydrated). */
  async function openLead(page: Page, exact: string) {
    await page.goto(webUrl(`${ADMIN_PATH}/lead/contactUs/${leadId}`));
    await received(page).getByText(exact).waitFor();
  }

  it("shows the lead's received date and the Activity page in the browser's zone", async () => {
    const { page, hydration } = await watchedPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();

    await openLead(page, 'Fri, 20 Nov 2026 19:02:44 UTC-05:00');
    await expect(received(page).textContent()).resolves.toMatch(
      /^.+ \(Fri, 20 Nov 2026 19:02:44 UTC-05:00\)$/,
    );
    await expect(received(page).locator('time').getAttribute('title')).resolves.toBe(
      'Friday 20 November 2026, 19:02 (America/New_York, UTC-05:00)',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);

    await page.goto(webUrl(ACTIVITY_PATH));
    const row = page.locator('tbody tr', { hasText: tag });
    await row.waitFor();
    await expect(row.locator('.activity__exact').textContent()).resolves.toBe(
      formatExactDate(activityAt, ZONE),
    );
    await expect(row.locator('time').getAttribute('title')).resolves.toBe(
      formatFullDate(activityAt, ZONE),
    );
    expect(formatExactDate(activityAt, ZONE)).toMatch(/ UTC-0[45]:00$/);
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(hydration).toEqual([]);
    await page.close();
  });

  it('follows the zone chosen on the Account page over the browser’s, and back', async () => {
    const { page, hydration } = await watchedPage();
    await page.goto(webUrl(ACCOUNT_PATH));
    const choice = page.getByLabel('Show dates in');
    await expect(choice.inputValue()).resolves.toBe('');
    await expect(choice.locator('option').first().textContent()).resolves.toBe(
      `This browser's zone (${ZONE})`,
    );
    await choice.selectOption('Asia/Kolkata');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('Your time zone has been saved.').waitFor();
    await expect(choice.inputValue()).resolves.toBe('Asia/Kolkata');
    await expect(axeViolations(page)).resolves.toEqual([]);

    await openLead(page, 'Sat, 21 Nov 2026 05:32:44 UTC+05:30');

    await page.goto(webUrl(ACCOUNT_PATH));
    await page.getByLabel('Show dates in').selectOption('');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('Your time zone has been saved.').waitFor();
    await openLead(page, 'Fri, 20 Nov 2026 19:02:44 UTC-05:00');
    expect(hydration).toEqual([]);
    await page.close();
  });
});
