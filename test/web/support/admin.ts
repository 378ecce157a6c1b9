import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

import { type WebStack } from '../../../scripts/stack/web-stack';
import { adminCredentials, openPage, webUrl } from '../../support/browser';

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

/** A browser context with an admin's usual window (1280 × 900) unless `options` say otherwise. */
export function newAdminContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
}

/** A page of `context` signed in as the suite's admin, once the dashboard is there to use. */
export async function signedInPage(context: BrowserContext): Promise<Page> {
  const { page } = await openPage(context, ADMIN_PATH);
  await signIn(page);
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  return page;
}

/** A page of `context` signed in as the admin of `stack`, a stack of a suite's own. */
export async function signedInPageOn(
  context: BrowserContext,
  stack: Pick<WebStack, 'webUrl' | 'admin'>,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(new URL(ADMIN_PATH, stack.webUrl).toString());
  await signIn(page, stack.admin.password, stack.admin.email);
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  return page;
}

/** Goes to the Settings page from the admin bar. */
export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
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
