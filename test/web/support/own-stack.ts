import { MongoClient } from 'mongodb';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';

import { startWebStack, type WebStack } from '../../../scripts/stack/web-stack';
import { launchBrowser } from '../../support/browser';

import { ADMIN_PATH } from './admin';

/**
 * A stack of a describe block's own (database, API with `apiEnv`, web), a browser and a database
 * connection, for what the suite's shared stack must not see: its admin's second factor, another
 * ADMIN_MFA or SESSION_IDLE_TIMEOUT. Read the fields inside tests and hooks.
 */
export function useOwnStack(apiEnv: NodeJS.ProcessEnv = {}) {
  const own = {} as {
    stack: WebStack;
    browser: Browser;
    mongo: MongoClient;
    /** A fresh browser context, closed after the test. */
    newContext(javaScriptEnabled?: boolean): Promise<BrowserContext>;
    /** A page of a fresh context at a path of the stack's web app. */
    open(path?: string, javaScriptEnabled?: boolean): Promise<Page>;
    url(path: string): string;
  };
  const contexts: BrowserContext[] = [];
  own.url = (path) => new URL(path, own.stack.webUrl).toString();
  own.newContext = async (javaScriptEnabled = true) => {
    const context = await own.browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
      // The page's CSP (script nonces) would refuse the axe script the test injects.
      bypassCSP: true,
    });
    contexts.push(context);
    return context;
  };
  own.open = async (path = ADMIN_PATH, javaScriptEnabled = true) => {
    const page = await (await own.newContext(javaScriptEnabled)).newPage();
    await page.goto(own.url(path));
    return page;
  };
  beforeAll(async () => {
    own.stack = await startWebStack({
      apiEnv,
      log: (line) => {
        if (process.env.WEB_STACK_LOG) process.stderr.write(`${line}\n`);
      },
    });
    own.browser = await launchBrowser();
    own.mongo = await new MongoClient(own.stack.mongoUri).connect();
  }, 120_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await own.mongo?.close();
    await own.browser?.close();
    await own.stack?.stop();
  });
  return own;
}
