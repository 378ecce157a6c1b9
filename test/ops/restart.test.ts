import { readFileSync } from 'node:fs';

import { LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import { validSubmission } from '../support/submissions';

import { type ProcessInfo } from './support/processes';
import {
  kill,
  startSupervised,
  statusOf,
  type Supervised,
  waitFor,
  whenServing,
} from './support/supervised';

/** Clock ticks since boot now, on the same scale as a process's start ticks. */
function uptimeTicks(): number {
  return Math.round(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 100);
}

/** `npm start` on the built output: children killed by PID come back and answer again. */
describe('npm start restarts what dies', () => {
  let app: Supervised;

  beforeAll(async () => {
    app = await startSupervised('start');
    await whenServing(app);
  }, 90_000);
  afterAll(() => app?.destroy());

  /** The processes playing each role now; all three must be there. */
  function current(): Record<'db' | 'api' | 'web', ProcessInfo> {
    const { db, api, web } = app.roles();
    if (!db || !api || !web)
      throw new Error(`missing a process: ${JSON.stringify({ db, api, web })}`);
    return { db, api, web };
  }

  function replacement(role: 'db' | 'api' | 'web', old: ProcessInfo): Promise<ProcessInfo> {
    return waitFor(
      `a new ${role} process (the old was ${old.pid})`,
      () => {
        const now = app.roles()[role];
        return now && now.pid !== old.pid ? now : undefined;
      },
      30_000,
      app,
    );
  }

  const answers = (url: string, status = 200) =>
    waitFor(
      `${url} to answer ${status}`,
      async () => (await statusOf(url)) === status,
      30_000,
      app,
    );

  it('brings the database back first, then the API, when both die', async () => {
    const { db, api } = current();
    kill(api.pid, 'SIGKILL');
    kill(db.pid, 'SIGKILL');
    const [newDb, newApi] = await Promise.all([replacement('db', db), replacement('api', api)]);
    await answers(`${app.apiUrl}/health`);
    // First in this file, so both are due back after the same first delay; the API must still wait
    // for the database to answer a ping (FerretDB alone takes 20-30 ms to accept connections).
    expect(newApi.startTicks - newDb.startTicks).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('restarts a killed API with a growing delay, and the API answers again', async () => {
    const { api: first, db, web } = current();

    const killed1 = uptimeTicks();
    kill(first.pid, 'SIGKILL');
    const second = await replacement('api', first);
    // Killed again as soon as it is there: well within the 10 s after which a run counts as
    // stable and the delay starts afresh (waiting for /health first took longer than that on a
    // loaded machine, and the delay rightly began again).
    const killed2 = uptimeTicks();
    kill(second.pid, 'SIGKILL');
    const third = await replacement('api', second);
    await answers(`${app.apiUrl}/health`);

    // The delays the supervisor chose, from its own log: the second twice the first.
    const chosen = [
      ...app.output().matchAll(/api ended \(.*?\) after .*?; restarting in ([\d.]+) s/g),
    ]
      .map((match) => Number(match[1]))
      .slice(-2);
    expect(chosen).toHaveLength(2);
    const [firstChosen, secondChosen] = chosen as [number, number];
    expect(firstChosen).toBeGreaterThanOrEqual(0.4);
    expect(secondChosen).toBeCloseTo(firstChosen * 2, 5);
    // …and kept: neither restart came sooner than its delay.
    expect((second.startTicks - killed1) / 100).toBeGreaterThanOrEqual(firstChosen - 0.02);
    expect((third.startTicks - killed2) / 100).toBeGreaterThanOrEqual(secondChosen - 0.02);
    // Only the API was restarted.
    expect(app.roles().db?.pid).toBe(db.pid);
    expect(app.roles().web?.pid).toBe(web.pid);
  }, 60_000);

  it('restarts a killed web server, and the pages answer again', async () => {
    const { web, api } = current();
    kill(web.pid, 'SIGKILL');
    await replacement('web', web);
    await answers(`${app.webUrl}/`);
    await answers(`${app.webUrl}/super-secret-admin`);
    expect(app.roles().api?.pid).toBe(api.pid);
  }, 60_000);

  it('restarts a killed database; /health says so meanwhile, and the API recovers by itself', async () => {
    const { db, api } = current();
    kill(db.pid, 'SIGKILL');

    const down = await waitFor(
      '/health to report the database down',
      async () => {
        const res = await fetch(`${app.apiUrl}/health`).catch(() => undefined);
        const body = res ? ((await res.json()) as { database?: string }) : undefined;
        return res?.status === 503 && body?.database === 'down' && body;
      },
      10_000,
      app,
    );
    expect(down).toEqual(expect.objectContaining({ success: false, database: 'down' }));

    await replacement('db', db);
    await answers(`${app.apiUrl}/health`);
    // The same API process reconnected: it was not restarted to get there.
    expect(app.roles().api?.pid).toBe(api.pid);
    const kind = LEAD_KINDS.contactUs;
    const res = await fetch(`${app.apiUrl}${leadPaths(kind).create}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validSubmission(kind)),
    });
    expect(res.status).toBe(201);
  }, 60_000);

  it('keeps the API’s logs JSON lines in production', () => {
    const apiLines = app
      .output()
      .split('\n')
      .filter((line) => /^api\b/.test(line) && line.includes('{'));
    expect(apiLines.length).toBeGreaterThan(0);
    for (const line of apiLines) {
      const json = JSON.parse(line.slice(line.indexOf('{'))) as { level?: unknown };
      expect(typeof json.level).toBe('number');
    }
  });
});
