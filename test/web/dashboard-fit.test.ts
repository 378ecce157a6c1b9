/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { type BrowserContext, type Page } from 'playwright-core';

import { leadKindList } from '../../nest/src/contract';
import { webUrl } from '../support/browser';

import { ADMIN_PATH, panel, signedInPage } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { seriousViolations, useBrowserAndDb } from './support/suite';

/**
 * Issue 32's findings on the four-panel dashboard at 1280 px: names broken inside words, bulk
 * toolbars on three rows, Archived filled beside an outlined Spam, pale primary buttons, and a
 * search in Mine with no way to All.
 */
describe('the four-panel dashboard as it fits a 1280 px screen', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let tag: string;
  beforeEach(async () => {
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    tag = LeadsDb.tag();
  });
  afterEach(async () => {
    await context.close();
    await suite.db.removeTagged(tag);
  });

  async function dashboard(path = ADMIN_PATH): Promise<Page> {
    const page = await signedInPage(context);
    if (path !== ADMIN_PATH) await page.goto(webUrl(path));
    return page;
  }

  /** Two-word names beside every badge a lead can show (New, a stage), in each panel. */
  async function namedLeads(): Promise<string[]> {
    const names = [
      `Annabelle Anderson ${tag}`,
      `Dusty Bergnaum ${tag}`,
      `Bartholomew Featherstonehaugh-Worthington ${tag}`,
    ];
    for (const { key } of leadKindList)
      await suite.db.insertAs(
        key,
        tag,
        names.map((name) => ({ name, stage: 'qualified' })),
      );
    return names;
  }

  it('wraps names between words only', async () => {
    const names = await namedLeads();
    const page = await dashboard();
    for (const { panelTitle } of leadKindList)
      await panel(page, panelTitle).getByText(names[0]!).waitFor();
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      for (const link of Array.from(document.querySelectorAll('.lead-item__name'))) {
        const text = link.firstChild;
        if (!(text instanceof Text)) continue;
        // Words as a line may not break them: between spaces, a hyphen ending its part.
        for (const word of Array.from((text.textContent ?? '').matchAll(/[^\s-]+-?/g))) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          // A word on one line has one line box top, however many rects it is drawn in.
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (tops.size > 1) found.push(`${text.textContent}: "${word[0]}" on ${tops.size} lines`);
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
    // Every name of the page was looked at (its four panels' leads, these among them).
    await expect(page.locator('.lead-item__name').count()).resolves.toBeGreaterThanOrEqual(8);
  });

  it('keeps each panel’s bulk toolbar on one row, a lead selected or not', async () => {
    await namedLeads();
    const page = await dashboard();
    const rows = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.lead-bulk'), (bar) => {
          const style = getComputedStyle(bar);
          const content =
            bar.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          const row = Math.max(
            ...Array.from(bar.children, (child) => child.getBoundingClientRect().height),
          );
          return {
            oneRow: content <= row + 1,
            fits: bar.scrollWidth <= bar.clientWidth,
          };
        }),
      );
    for (const { panelTitle } of leadKindList)
      await panel(page, panelTitle)
        .getByRole('group', { name: 'Act on selected requests' })
        .waitFor();
    await expect(rows()).resolves.toEqual(Array(4).fill({ oneRow: true, fits: true }));

    for (const { panelTitle } of leadKindList) {
      const each = panel(page, panelTitle);
      await each.getByRole('checkbox', { name: `Select Annabelle Anderson ${tag}` }).check();
      await each.getByText('1 selected').waitFor();
    }
    await expect(rows()).resolves.toEqual(Array(4).fill({ oneRow: true, fits: true }));
    // What left the row is one click away, in a menu.
    const contact = panel(page, 'Contact Us Requests');
    await contact.getByRole('button', { name: 'More actions' }).click();
    await contact.getByRole('button', { name: 'Mark unread', exact: true }).waitFor();
    await contact.getByRole('combobox', { name: 'Stage for the selected requests' }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('draws Archived and Spam alike, the open one pressed', async () => {
    await suite.db.insert('keDemo', tag, 1);
    const page = await dashboard();
    const ke = panel(page, 'KE Demo Requests');
    const archived = ke.getByRole('button', { name: /^Archived/ });
    const spam = ke.getByRole('button', { name: /^Spam/ });
    const look = (link: typeof archived) =>
      link.evaluate((el) => {
        const style = getComputedStyle(el);
        return { bg: style.backgroundColor, color: style.color, border: style.borderColor };
      });
    await expect(look(archived)).resolves.toEqual(await look(spam));
    await expect(archived.getAttribute('aria-current')).resolves.toBeNull();

    // Without JavaScript the link shows the archive inline: it is then the one pressed.
    await context.close();
    context = await suite.browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });
    const plain = await dashboard(`${ADMIN_PATH}?archived=keDemo`);
    const keInline = panel(plain, 'KE Demo Requests');
    await expect(
      keInline.getByRole('button', { name: /^Archived/ }).getAttribute('aria-current'),
    ).resolves.toBe('true');
    await expect(
      keInline.getByRole('button', { name: /^Spam/ }).getAttribute('aria-current'),
    ).resolves.toBeNull();
  });

  it('draws primary buttons solid, unlike a disabled one', async () => {
    const [lead] = await suite.db.insert('consultation', tag, 1);
    const page = await dashboard(`${ADMIN_PATH}/lead/consultation/${lead!.id}`);
    const dialog = page.getByRole('dialog', { name: `Consultation Request: ${lead!.name}` });
    const archive = dialog.getByRole('button', { name: `Archive ${lead!.name}` });
    // Opening it marks it read; its buttons wait (disabled) until that is done.
    await dialog.getByText(/; read /).waitFor();
    await archive.waitFor();
    const measured = await archive.evaluate((button) => {
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (css: string) => {
        const [r, g, b] = channels(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi! + 0.05) / (lo! + 0.05);
      };
      const style = getComputedStyle(button);
      return {
        disabled: button.matches(':disabled'),
        opacity: style.opacity,
        text: ratio(style.color, style.backgroundColor),
        // Against the white of the dialog: a fill that stands out reads as a button to press.
        fill: ratio(style.backgroundColor, 'rgb(255, 255, 255)'),
      };
    });
    expect(measured).toEqual({
      disabled: false,
      opacity: '1',
      text: expect.any(Number),
      fill: expect.any(Number),
    });
    expect(measured.text).toBeGreaterThanOrEqual(4.5);
    expect(measured.fill).toBeGreaterThanOrEqual(4.5);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('offers the same search in All when a search in Mine finds nothing', async () => {
    const [lead] = await suite.db.insert('brokerDemo', tag, 1);
    const page = await dashboard(`${ADMIN_PATH}?view-brokerDemo=mine&q-brokerDemo=${tag}`);
    const broker = panel(page, 'Broker Demo Requests');
    await broker.getByText('Nothing in this view matches your search.').waitFor();
    await broker.getByRole('link', { name: `Search “${tag}” in All` }).click();
    await broker.getByRole('link', { name: lead!.name }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('q-brokerDemo')).toBe(tag);
    expect(url.searchParams.has('view-brokerDemo')).toBe(false);
  });
});
