import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { INBOUND_PATHS, LEAD_KINDS } from '../../nest/src/contract';
import { newWebhookSecret, plainMessage } from '../support/inbound-mail';
import { createTestApp, type TestApp } from '../support/test-app';

/** The relay script of docs/inbound-email.md, as the page shows it. */
function relayScript(): string {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'inbound-email.md'), 'utf8');
  const block = /```sh\n(#!\/bin\/sh\n# leads-inbound:[\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/inbound-email.md has no leads-inbound script');
  return block;
}

/**
 * The Postfix relay of docs/inbound-email.md: its pipe script (sh, od, openssl, curl) posts what it
 * is given to the webhook, signed, and tells Postfix by its exit code what to do: 0 delivered, 69
 * bounce (refused as bad input), 75 try again later.
 */
describe('the documented Postfix relay script', () => {
  const secret = newWebhookSecret();
  let t: TestApp;
  let dir: string;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp({ INBOUND_WEBHOOK_SECRET: secret });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}${INBOUND_PATHS.webhook}`;
    dir = await mkdtemp(join(tmpdir(), 'relay-'));
    await writeFile(join(dir, 'leads-inbound'), relayScript(), { mode: 0o755 });
    await writeFile(join(dir, 'right.secret'), secret, { mode: 0o600 });
    await writeFile(join(dir, 'wrong.secret'), newWebhookSecret(), { mode: 0o600 });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs the script as Postfix's pipe does: the message on stdin. (The API answers in this
   * process, so the script runs asynchronously.) */
  const relay = (message: Buffer | string, secretFile = 'right.secret') =>
    new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn('sh', [join(dir, 'leads-inbound')], {
        env: {
          PATH: process.env.PATH,
          LEADS_INBOUND_URL: url,
          LEADS_INBOUND_SECRET_FILE: join(dir, secretFile),
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => resolve({ status, stderr }));
      child.stdin.end(message);
    });

  it('delivers a message (0), a Latin-1 one signed over its bytes too, and keeps each once', async () => {
    const raw = plainMessage({ from: 'Relayed <relayed@example.org>', text: 'Through Postfix' });
    expect((await relay(raw)).status).toBe(0);
    expect((await relay(raw)).status).toBe(0);
    const latin1 = Buffer.from(
      'From: relayed@example.org\r\nSubject: Ol\xe1\r\nMessage-ID: <relay-latin1@example.org>\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nOl\xe1\r\n',
      'latin1',
    );
    expect((await relay(latin1)).status).toBe(0);
    const leads = t.connection.collection(LEAD_KINDS.contactUs.collection);
    expect(await leads.countDocuments({ email: 'relayed@example.org' })).toBe(1);
    expect(await t.connection.collection('lead_messages').countDocuments()).toBe(2);
  });

  it('bounces what the API refuses as bad input (69), retries what it cannot take now (75)', async () => {
    const deep =
      'From: a@example.org\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n' +
      Array.from(
        { length: 600 },
        (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`,
      ).join('');
    const refused = await relay(deep);
    expect(refused.status).toBe(69);
    expect(refused.stderr).toContain('refused by the API (400)');
    // A wrong secret is the relay's configuration, not the mail's fault: held and tried again.
    expect((await relay(plainMessage(), 'wrong.secret')).status).toBe(75);
  });
});
