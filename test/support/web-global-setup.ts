import { startWebStack, type WebStack } from '../../scripts/stack/web-stack';

/** One running product (database, API, web) for the whole browser suite. */
export default async function globalSetup(): Promise<void> {
  const stack = await startWebStack({
    // Each test file submits a few contact forms from the same address.
    apiEnv: { INTAKE_RATE_LIMIT: '100' },
    log: (line) => {
      if (process.env.WEB_STACK_LOG) process.stderr.write(`${line}\n`);
    },
  });
  process.env.TEST_WEB_URL = stack.webUrl;
  // For a test that runs a web server of its own against the same API (to read its log, say).
  process.env.TEST_API_URL = stack.apiUrl;
  process.env.TEST_MONGODB_URI = stack.mongoUri;
  process.env.TEST_ADMIN_EMAIL = stack.admin.email;
  process.env.TEST_ADMIN_PASSWORD = stack.admin.password;
  (globalThis as { __WEB_STACK__?: WebStack }).__WEB_STACK__ = stack;
}
