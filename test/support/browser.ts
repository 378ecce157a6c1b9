import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type BrowserContext, type Page } from 'playwright-core';

export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../scripts/stack/chromium';

export const webUrl = (path = '/') => new URL(path, required('TEST_WEB_URL')).toString();
export const adminCredentials = () => ({
  email: required('TEST_ADMIN_EMAIL'),
  password: required('TEST_ADMIN_PASSWORD'),
});

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the browser suite through jest's web project`);
  return value;
}

/** What a page did that a visitor would notice or that must not happen. */
export interface PageWatch {
  consoleErrors: string[];
  /** Requests to any host other than the site's own. */
  foreignRequests: string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

export async function openPage(
  context: BrowserContext,
  path = '/',
): Promise<{ page: Page; watch: PageWatch }> {
  const page = await context.newPage();
  const watch: PageWatch = { consoleErrors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && !LOCAL_HOSTS.has(url.hostname))
      watch.foreignRequests.push(request.url());
  });
  await page.goto(webUrl(path));
  return { page, watch };
}

/** Screenshots are kept as CI artifacts in test-results/ (ignored by git). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
