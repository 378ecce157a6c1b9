/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type Page } from 'playwright-core';

import { leadKindList } from '../../nest/src/contract';
import { webUrl } from '../support/browser';

import { ADMIN_PATH, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations, useBrowserAndDb } from './support/suite';

/** The phone, the tablet, the laptop and the wide screen issue 32 names. */
const WIDTHS = [375, 768, 1280, 1920] as const;

/**
 * Issue 32's browser suite: every admin page at each width, in the light and the dark colour
 * scheme. No page scrolls sideways, no lead's name breaks inside a word, and axe finds nothing.
 */
describe('every admin page at 375, 768, 1280 and 1920 px', () => {
  const tag = LeadsDb.tag();
  // Before the suite's own hooks, so it runs while the database is still open.
  afterAll(() => suite.db.removeTagged(tag));
  const suite = useBrowserAndDb();
  let leadPath = '';

  beforeAll(async () => {
    for (const { key } of leadKindList)
      await suite.db.insertAs(key, tag, [
        { name: `Bartholomew Featherstonehaugh-Worthington ${tag}` },
        { name: `Annabelle Anderson ${tag}` },
      ]);
    const [lead] = await suite.db.insert('contactUs', tag, 1);
    leadPath = `${ADMIN_PATH}/lead/contactUs/${lead!.id}`;
  });

  /** The admin pages, each with what shows it has rendered. */
  const pages = () => [
    { path: ADMIN_PATH, ready: 'Contact Us Requests' },
    { path: `${ADMIN_PATH}/queue`, ready: 'Queue' },
    { path: `${ADMIN_PATH}/queue/${leadPath.split('/lead/')[1]}`, ready: 'Contact Us Request' },
    { path: leadPath, ready: 'Contact Us Request' },
    { path: `${ADMIN_PATH}/insights`, ready: 'Insights' },
    { path: `${ADMIN_PATH}/settings`, ready: 'Settings' },
    { path: `${ADMIN_PATH}/account`, ready: 'Account' },
    { path: `${ADMIN_PATH}/admins`, ready: 'Admins' },
    { path: `${ADMIN_PATH}/activity`, ready: 'Activity' },
    { path: `${ADMIN_PATH}/privacy`, ready: 'Privacy' },
    { path: `${ADMIN_PATH}/api-keys`, ready: 'API keys' },
  ];

  /** What the page shows that it should not: sideways scroll, names broken inside a word. */
  const misfits = (page: Page) =>
    page.evaluate(() => {
      const found: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth) {
        // The innermost elements that reach past the right edge: what to look at.
        const clipped = (el: Element) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
            if (getComputedStyle(up).overflowX !== 'visible') return true;
          return false;
        };
        const past = Array.from(document.body.querySelectorAll('*')).filter(
          (el) =>
            el.getBoundingClientRect().right > root.clientWidth + 1 &&
            !clipped(el) &&
            !Array.from(el.children).some(
              (child) => child.getBoundingClientRect().right > root.clientWidth + 1,
            ),
        );
        const names = past
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
        found.push(
          `scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} (${names.join(', ')})`,
        );
      }
      for (const name of Array.from(document.querySelectorAll('.lead-item__name, h1, h2, h3'))) {
        const text = name.firstChild;
        if (!(text instanceof Text)) continue;
        for (const word of Array.from((text.textContent ?? '').matchAll(/[^\s-]+-?/g))) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (tops.size > 1) found.push(`"${word[0]}" of "${text.textContent}" broken`);
        }
      }
      return found;
    });

  // Both schemes at the phone's and the laptop's width; the light one at every width.
  const runs = [
    ...WIDTHS.map((width) => ['light', width] as const),
    ['dark', 375] as const,
    ['dark', 1280] as const,
  ];
  it.each(runs)(
    'in the %s scheme at %i px every page fits and axe finds nothing',
    async (colorScheme, width) => {
      const context = await suite.browser.newContext({
        viewport: { width, height: 900 },
        colorScheme,
      });
      try {
        const page = await signedInPage(context);
        const found: Record<string, string[]> = {};
        for (const { path, ready } of pages()) {
          await page.goto(webUrl(path));
          await page
            .getByRole('heading', { name: new RegExp(`^${ready}`) })
            .first()
            .waitFor();
          const wrong = [...(await misfits(page)), ...(await axeViolations(page))];
          if (wrong.length > 0) found[path] = wrong;
        }
        expect(found).toEqual({});
      } finally {
        await context.close();
      }
    },
  );

  // The queue's bulk toolbar with a selection, beside an open lead (its narrowest column) and not:
  // one row at 1280 px, and no sideways scroll at 375.
  it.each([1280, 375])(
    'at %i px the queue’s bulk toolbar, a lead selected, fits',
    async (width) => {
      const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await signedInPage(context);
        const queue = `${ADMIN_PATH}/queue?q=${tag}`;
        const open = `${ADMIN_PATH}/queue/${leadPath.split('/lead/')[1]}?q=${tag}`;
        for (const path of width === 1280 ? [queue, open] : [queue]) {
          await page.goto(webUrl(path));
          const bar = page.getByRole('group', { name: 'Act on selected leads' });
          await page.locator('.queue-row').first().getByRole('checkbox').check();
          await bar.getByText('1 selected').waitFor();
          const fit = await bar.evaluate((el) => {
            const style = getComputedStyle(el);
            const content =
              el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
            const row = Math.max(
              ...Array.from(el.children, (child) => child.getBoundingClientRect().height),
            );
            return { oneRow: content <= row + 1, fits: el.scrollWidth <= el.clientWidth };
          });
          expect({ path, ...fit }).toEqual({ path, oneRow: true, fits: true });
          expect(await misfits(page)).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
  );
});
