import { createServer, type Server } from 'node:net';

import {
  exitWithin,
  isRunning,
  leftRunning,
  kill,
  startSupervised,
  type Supervised,
  waitFor,
  whenServing,
} from './support/supervised';

/** Listens on the port as soon as it is free (the killed process's socket may linger a moment). */
async function occupy(port: number): Promise<Server> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const server = createServer();
    const error = await new Promise<Error | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(port, '127.0.0.1', () => resolve(undefined));
    });
    if (!error) return server;
    if (Date.now() > deadline) throw error;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a child that keeps crashing', () => {
  let app: Supervised;
  let squatter: Server | undefined;
  afterAll(async () => {
    squatter?.close();
    await app?.destroy();
  });

  it('ends the supervisor: a clear message, a non-zero exit, nothing left running', async () => {
    app = await startSupervised('start');
    await whenServing(app);
    const running = app.seen();
    const api = app.roles().api;
    if (!api) throw new Error('no API process');

    // Something else takes the API's port the moment it dies: every restart now fails at listen.
    kill(api.pid, 'SIGKILL');
    await waitFor('the API to die', () => !isRunning(api.pid), 5_000, app);
    squatter = await occupy(Number(new URL(app.apiUrl).port));

    const exit = await exitWithin(app, 60_000);
    expect(exit).toBeDefined();
    expect(exit?.code).not.toBe(0);
    expect(exit?.code).not.toBeNull();
    const output = app.output();
    // The API's own reason, then the supervisor's verdict naming the child.
    expect(output).toMatch(/EADDRINUSE|in use/);
    expect(output).toMatch(/\bapi\b.*\bgiving up\b/i);
    expect(await leftRunning(running, Date.now())).toEqual([]);
  }, 120_000);
});
