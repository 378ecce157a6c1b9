import { spawn } from 'node:child_process';

import { freePort } from '../../../scripts/stack/embedded-database';

/**
 * A built web server (`build/web/server.mjs`) of the test's own, against the suite's API, with
 * its output kept: for what the shared one cannot show (its log, another configuration).
 */
export interface OwnWebServer {
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function startOwnWebServer(env: NodeJS.ProcessEnv = {}): Promise<OwnWebServer> {
  const apiUrl = process.env.TEST_API_URL;
  if (!apiUrl) throw new Error('TEST_API_URL is not set: run through the web Jest project');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['build/web/server.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      WEB_PORT: String(port),
      API_URL: apiUrl,
      SITE_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web server exited: ${output}`);
    const ok = await fetch(`${url}/robots.txt`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`web server did not answer: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output: () => output, stop };
}
