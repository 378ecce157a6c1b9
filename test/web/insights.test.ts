/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext, type Page } from 'playwright-core';

import { openPage, webUrl } from '../support/browser';

import { ADMIN_PATH, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

const INSIGHTS = `${ADMIN_PATH}/insights`;
const MINUTE = 60_000;
/** A range long ago, so that the leads other tests put in now never fall in it. */
const RANGE = 'period=custom&from=2024-03-04&to=2024-03-06&tz=Europe%2FBerlin';

describe('the Insights page in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let tag: string;
  beforeEach(async () => {
    tag = LeadsDb.tag();
    const at = (iso: string) => new Date(iso);
    // 23:30 UTC on 3 March is 00:30 on 4 March in Berlin: inside the range there.
    await suite.db.insertAs('contactUs', tag, [
      {
        createdAt: at('2024-03-03T23:30:00Z'),
        stage: 'won',
        firstResponseAt: new Date(at('2024-03-03T23:30:00Z').getTime() + 90 * MINUTE),
        source: { utm_source: `news-${tag}` },
      },
      {
        createdAt: at('2024-03-05T10:00:00Z'),
        stage: 'contacted',
        firstResponseAt: new Date(at('2024-03-05T10:00:00Z').getTime() + 30 * MINUTE),
        source: { referrer: 'www.example.org' },
      },
    ]);
    await suite.db.insertAs('keDemo', tag, [{ createdAt: at('2024-03-06T08:00:00Z') }]);
  });
  afterEach(async () => {
    await context?.close();
    await suite.db.removeTagged(tag);
  });

  async function signedIn(javaScriptEnabled: boolean): Promise<Page> {
    context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
    });
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    return page;
  }

  async function chooseRange(page: Page) {
    await page.getByLabel('Period').selectOption('custom');
    await page.getByLabel('From').fill('2024-03-04');
    await page.getByLabel('To').fill('2024-03-06');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/from=2024-03-04/);
  }

  async function expectCharts(page: Page) {
    await page.getByText('2024-03-04 to 2024-03-06 (Europe/Berlin): 3 leads').waitFor();
    // Four server-drawn charts, each with its table for screen readers.
    await expect(
      page.locator('section.insights-chart svg.insights-chart__svg').count(),
    ).resolves.toBe(4);
    const overTime = page.getByRole('table', { name: 'Leads over time' });
    await expect(overTime.getByRole('row').nth(1).textContent()).resolves.toBe(
      '2024-03-041000' + '1',
    );
    const sources = page.getByRole('table', { name: 'Sources' });
    await expect(sources.textContent()).resolves.toContain(`news-${tag}utm_source1`);
    await expect(sources.textContent()).resolves.toContain('www.example.orgreferring site1');
    const response = page.getByRole('table', { name: 'Response time against target' });
    // Contact Us: target 1440 minutes, median 30 (nearest rank), 90th percentile 90.
    await expect(response.getByRole('row').nth(1).textContent()).resolves.toBe(
      'Contact Us1440309022' + '0',
    );
    await page
      .getByText('No reply yet to KE Demo, Broker Demo, Consultation in this range.')
      .waitFor();
  }

  it('draws the range’s charts with JavaScript, with CSV downloads, and passes axe', async () => {
    const page = await signedIn(true);
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Insights', level: 2 }).waitFor();
    await chooseRange(page);
    await expectCharts(page);
    expect(await axeViolations(page)).toEqual([]);

    const href = await page
      .getByRole('link', { name: 'Download stage funnel as CSV' })
      .getAttribute('href');
    const csv = await page.request.get(webUrl(href ?? ''));
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toContain(
      'insights-stages-2024-03-04-to-2024-03-06.csv',
    );
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('Kind,Leads,New,Contacted,Qualified,Won,Lost,Won rate');
    expect(lines[1]).toBe('Contact Us,2,0,1,0,1,0,50%');
    expect(lines[5]).toBe('All,3,1,1,0,1,0,33.3%');
    const unknown = await page.request.get(webUrl(`${INSIGHTS}.csv?chart=nope&${RANGE}`));
    expect(unknown.status()).toBe(400);
  });

  it('fits a 375 px phone: no sideways scroll, axis labels at 12 px or more (issue 32)', async () => {
    context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const { page } = await openPage(context, ADMIN_PATH);
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto(webUrl(`${INSIGHTS}?${RANGE}`));
    await expectCharts(page);
    // Each chart is drawn as wide as its column once the page runs (one SVG unit a pixel).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<SVGSVGElement>('svg.insights-chart__svg')).every(
        (svg) => Math.abs(svg.viewBox.baseVal.width - svg.getBoundingClientRect().width) < 1,
      ),
    );
    const measured = await page.evaluate(() => ({
      pageWidth: document.documentElement.scrollWidth,
      smallestLabel: Math.min(
        ...Array.from(
          document.querySelectorAll<SVGTextElement>('.insights-chart__tick'),
          (text) => {
            const svg = text.closest<SVGSVGElement>('svg.insights-chart__svg')!;
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return parseFloat(getComputedStyle(text).fontSize) * scale;
          },
        ),
      ),
    }));
    expect(measured.pageWidth).toBeLessThanOrEqual(375);
    expect(measured.smallestLabel).toBeGreaterThanOrEqual(12);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('works without JavaScript: the range is a plain GET form', async () => {
    const page = await signedIn(false);
    await page.goto(webUrl(INSIGHTS));
    await chooseRange(page);
    await expectCharts(page);
  });

  it('says so in sentences when there is nothing to draw, and names a bad zone on its field', async () => {
    const page = await signedIn(true);
    await page.goto(webUrl(`${INSIGHTS}?period=custom&from=2001-01-01&to=2001-01-07&tz=UTC`));
    await expect(page.getByText('No leads arrived in this range.').count()).resolves.toBe(3);
    await page.getByText('No lead of this range has had a reply yet.').waitFor();
    await expect(
      page.locator('section.insights-chart svg.insights-chart__svg').count(),
    ).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(webUrl(`${INSIGHTS}?${RANGE.replace('Europe%2FBerlin', 'Mars%2FOlympus')}`));
    await page.getByText('Time zone must be an IANA time zone such as Europe/Berlin').waitFor();
    await expect(page.getByLabel('Time zone').getAttribute('aria-invalid')).resolves.toBe('true');
  });
});
