import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { launchBrowser } from '../support/browser';

import {
  exitWithin,
  kill,
  leftRunning,
  startSupervised,
  statusOf,
  type Supervised,
  waitFor,
  whenServing,
} from './support/supervised';

/** `npm run dev`: the same supervision, with the API's logs pretty-printed for people. */
describe('npm run dev', () => {
  let app: Supervised;
  afterAll(() => app?.destroy());

  it('pretty-prints the API’s logs, restarts a killed API, and stops on Ctrl-C', async () => {
    app = await startSupervised('dev');
    await whenServing(app, 150_000);

    // Start-up ends with where everything is (on localhost: the cookie is per host), how to sign
    // in and whether email goes out; Nest's route map is not shown.
    const password = (await readFile(join(app.dataDir, 'demo-admin-password'), 'utf8')).trim();
    const summary = await waitFor(
      'the start-up summary',
      () => /^run\s+│ Ready\.\n(?:run\s+│ .*\n){5}/m.exec(app.output())?.[0],
      30_000,
      app,
    );
    const [web, apiHere] = [app.webUrl, app.apiUrl].map((url) =>
      url.replace('127.0.0.1', 'localhost'),
    );
    expect(summary).toContain(`web       ${web}\n`);
    expect(summary).toContain(`admin     ${web}/super-secret-admin\n`);
    expect(summary).toContain(`sign in   admin@example.com / ${password}\n`);
    expect(summary).toContain(`API       ${apiHere}  (OpenAPI: ${apiHere}/docs)\n`);
    expect(summary).toContain(
      "email     off (SMTP_URL unset): nothing is emailed; a lead's page cannot send replies\n",
    );
    // The summary's localhost address is one the web server answers.
    await expect(statusOf(`${web}/robots.txt`)).resolves.toBe(200);
    expect(app.output().indexOf(summary)).toBeGreaterThan(app.output().indexOf('API listening on'));
    expect(app.output()).not.toMatch(/Mapped \{|RouterExplorer|RoutesResolver|InstanceLoader/);

    await statusOf(`${app.apiUrl}/health`);
    // The landing page's script runs from Vite's dev server too (decision 0009): the hero's link
    // becomes the button, and the modal's code loads on the click.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(app.webUrl);
      await page.getByRole('button', { name: 'Contact Us' }).click({ timeout: 60_000 });
      await page.getByRole('dialog', { name: 'Contact Us:' }).waitFor({ timeout: 60_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
    await waitFor(
      'a pretty request log line from the API',
      () => /^api\b.*\bINFO\b.*request completed/m.test(app.output()),
      10_000,
      app,
    );
    expect(app.output()).not.toMatch(/^api\b.*\{"level":/m);

    const api = app.roles().api;
    if (!api) throw new Error('no API process');
    kill(api.pid, 'SIGKILL');
    await waitFor(
      'a new API process',
      () => (app.roles().api?.pid ?? api.pid) !== api.pid,
      30_000,
      app,
    );
    await waitFor(
      'the API to answer again',
      async () => (await statusOf(`${app.apiUrl}/health`)) === 200,
      30_000,
      app,
    );

    const running = app.seen();
    process.kill(-app.pid, 'SIGINT');
    const sent = Date.now();
    const exit = await exitWithin(app, 15_000);
    expect(exit).toEqual(expect.objectContaining({ code: 0 }));
    expect(await leftRunning(running, sent + 10_000)).toEqual([]);
  }, 240_000);
});
