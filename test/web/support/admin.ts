import { type BrowserContext, type Locator, type Page } from 'playwright-core';

import { adminCredentials, webUrl } from '../../support/browser';

export const ADMIN_PATH = '/super-secret-admin';

/** Signs in as the suite's admin, or as another stack's (`email`, on a page already there). */
export async function signIn(
  page: Page,
  password = adminCredentials().password,
  email = adminCredentials().email,
): Promise<void> {
  if (!page.url().includes(ADMIN_PATH)) await page.goto(webUrl(ADMIN_PATH));
  await page.getByPlaceholder('Email').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** A panel of the dashboard, found by its heading. */
export function panel(page: Page, title: string) {
  return page.locator('section.lead-panel', {
    has: page.getByRole('heading', { level: 2, name: new RegExp(`^${title}`) }),
  });
}

/** Opens a panel's menu of bulk actions beyond Archive (the toolbar keeps to one row). */
export async function openMoreActions(panelOf: Locator): Promise<void> {
  await panelOf.getByRole('button', { name: 'More actions' }).click();
  await panelOf.locator('.lead-bulk__menu.show').waitFor();
}

/**
 * The cookies but the browser's time zone (bmd_tz, set on every admin page: a zone name, no
 * credential): what the session left in the browser.
 */
export async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name !== 'bmd_tz');
}
