/**
 * `npm run screenshots` (after `npm run build`): the README's pictures of the admin, taken with
 * Debian Chromium (CHROME_PATH) from the production build on a fresh embedded database filled with
 * fake leads (as `npm run seed` makes them). Writes docs/screenshots/*.png, 1280 px wide (the queue
 * also at 375 px).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

import { faker } from '@faker-js/faker';
import { MongoClient } from 'mongodb';
import { chromium, type Locator, type Page } from 'playwright-core';

import { type LeadKindKey, leadKindList } from '../../nest/src/contract';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';
import { fakeHistory } from '../seed/fake-history';
import { fakeLead, wordsFormOfDb } from '../seed/fake-leads';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../stack/chromium';
import { startWebStack } from '../stack/web-stack';

const OUT_DIR = join(process.cwd(), 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };
/** The README shows these; larger files slow the page down for little. */
const MAX_BYTES = 200_000;
const LEADS_PER_KIND = 30;
/** The person the Privacy page looks up: requests of three kinds. */
const PERSON = { name: 'Ada Lovelace', email: 'ada.lovelace@example.com' };
const PERSON_KINDS: LeadKindKey[] = ['contactUs', 'keDemo', 'consultation'];

async function seed(mongoUri: string): Promise<void> {
  // The same fake people on every run.
  faker.seed(13);
  const client = await new MongoClient(mongoUri).connect();
  try {
    const db = client.db();
    const wordsForm = await wordsFormOfDb(db);
    for (const kind of leadKindList) {
      const docs: Record<string, unknown>[] = Array.from({ length: LEADS_PER_KIND }, () => {
        const lead = fakeLead(kind, { days: 10, archivedRatio: 0.15, wordsForm });
        // Where it came from, its first reply and its stage: what the Insights page draws.
        return { ...lead, ...fakeHistory(lead.createdAt) };
      });
      if (PERSON_KINDS.includes(kind.key))
        docs.push(fakeLead(kind, { days: 20, archivedRatio: 0, wordsForm }, PERSON));
      await db.collection(kind.collection).insertMany(docs);
    }
    // Written past the API: the kept totals are recounted, as `npm run seed` does.
    await recountLeadTotals(db, leadKindList);
  } finally {
    await client.close();
  }
}

async function signIn(page: Page, admin: { email: string; password: string }): Promise<void> {
  await page.getByPlaceholder('Email').fill(admin.email);
  await page.getByPlaceholder('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
}

/** The page, or one part of it (a dialog taller than the window). */
async function shoot(page: Page | Locator, name: string): Promise<void> {
  const path = join(OUT_DIR, `${name}.png`);
  // No caret, no transition caught half-way.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  const { size } = await stat(path);
  console.log(`${path}: ${Math.round(size / 1024)} KB`);
  if (size > MAX_BYTES) throw new Error(`${name}.png is over ${MAX_BYTES / 1000} KB`);
}

async function main(): Promise<void> {
  const stack = await startWebStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await seed(stack.mongoUri);
    const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const url = (path: string) => new URL(path, stack.webUrl).toString();
    await page.goto(url('/super-secret-admin'));
    await signIn(page, stack.admin);

    // Some work done, so the inbox has read and unread leads and the log has entries.
    const contact = page.locator('section.lead-panel').first();
    for (const n of [2, 4]) {
      await contact.locator('li a').nth(n).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const checkboxes = page
      .locator('section.lead-panel')
      .nth(1)
      .getByRole('checkbox', { name: /^Select (?!all)/ });
    await checkboxes.nth(0).check();
    await checkboxes.nth(2).check();
    await page.mouse.move(0, 0);
    await shoot(page, 'inbox');

    // More of an admin's day for the Activity page: the selection marked read, a lead archived.
    const second = page.locator('section.lead-panel').nth(1);
    await second.getByRole('button', { name: 'More actions' }).click();
    await second.getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('2 selected').waitFor({ state: 'detached' });
    await page
      .locator('section.lead-panel')
      .nth(2)
      .getByRole('button', { name: /^Archive / })
      .first()
      .click();

    await page.locator('section.lead-panel').nth(3).locator('li a').first().click();
    // Opening it marks it read; the picture waits for that.
    await page
      .getByRole('dialog')
      .getByText(/; read /)
      .waitFor();
    await shoot(page, 'lead-detail');
    await page.keyboard.press('Escape');

    // A lead being worked: taken, moved on, a note kept; its timeline says so, its reply form
    // waits. The dialog is taller than the window: the picture is the dialog alone.
    await page.locator('section.lead-panel').nth(1).locator('li a').first().click();
    const work = page.getByRole('dialog');
    await work.getByRole('button', { name: 'Assign to me' }).click();
    await work.getByText(/assigned it to /).waitFor();
    await work.getByRole('combobox', { name: 'Stage' }).selectOption('contacted');
    await work.getByRole('button', { name: 'Set stage' }).click();
    await work.getByText(/moved it from New to Contacted/).waitFor();
    await work
      .getByLabel('New note (only admins see it)')
      .fill('Called back: wants a demo on Tuesday.');
    await work.getByRole('button', { name: 'Add note' }).click();
    await work.getByText('Called back: wants a demo on Tuesday.').waitFor();
    // Nothing on its way: no button caught waiting.
    await work.getByRole('button', { name: 'Send reply' }).and(page.locator(':enabled')).waitFor();
    await page.setViewportSize({ width: VIEWPORT.width, height: 1900 });
    await shoot(work.locator('.modal-content'), 'lead-work');
    await page.setViewportSize(VIEWPORT);
    await page.keyboard.press('Escape');

    // The queue: every kind in one list, two leads selected, the first open beside it (its read
    // mark waited for); then the list alone at a phone's width.
    await page.goto(url('/super-secret-admin/queue'));
    await page.locator('.queue-row__link').first().click();
    await page
      .locator('.queue-lead')
      .getByText(/; read /)
      .waitFor();
    const rows = page.locator('.queue-row').getByRole('checkbox');
    await rows.nth(1).check();
    await rows.nth(2).check();
    await page.getByText('2 selected').waitFor();
    await page.mouse.move(0, 0);
    await shoot(page, 'queue');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url('/super-secret-admin/queue'));
    await page.locator('.queue-row').first().waitFor();
    await shoot(page, 'queue-375');
    await page.setViewportSize(VIEWPORT);

    await page.goto(url(`/super-secret-admin/privacy?email=${encodeURIComponent(PERSON.email)}`));
    await page.getByRole('heading', { name: `Requests of ${PERSON.email}` }).waitFor();
    await shoot(page, 'privacy');

    await page.goto(url('/super-secret-admin/activity'));
    await page.getByRole('table').waitFor();
    await shoot(page, 'activity');

    // The charts of the last 30 days: all four, two by two (the page is taller than the window).
    await page.goto(url('/super-secret-admin/insights?period=30'));
    await page.locator('svg.insights-chart__svg').nth(3).waitFor();
    await page.setViewportSize({ width: VIEWPORT.width, height: 1200 });
    await shoot(page, 'insights');
    await page.setViewportSize(VIEWPORT);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
