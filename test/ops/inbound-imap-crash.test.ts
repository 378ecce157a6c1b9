import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient } from 'mongodb';

import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';
import { type MailServer, startDovecot } from '../support/dovecot';

import { statusOf, waitFor } from './support/supervised';

const MESSAGES = 80;

/** A person's message with a file: enough work per message that the kill lands mid-way. */
function message(i: number): string {
  const file = randomBytes(150 * 1024)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return [
    `From: Sender ${i} <sender${i}@example.org>`,
    'To: leads@boats.example',
    `Subject: Message ${i}`,
    `Message-ID: <crash-${i}@example.org>`,
    'Content-Type: multipart/mixed; boundary=b',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    `Message ${i}`,
    '--b',
    `Content-Type: application/octet-stream; name="file${i}.bin"`,
    'Content-Disposition: attachment',
    'Content-Transfer-Encoding: base64',
    '',
    file,
    '--b--',
    '',
  ].join('\r\n');
}

/**
 * The built API (`node dist/main.js`) reading a real mailbox, killed with SIGKILL while it takes
 * messages in: the next process takes the mailbox over once the lease runs out and goes on from
 * where the first was, every message kept exactly once.
 */
describe('an API killed mid-poll', () => {
  let dataDir: string;
  let db: EmbeddedDatabase;
  let mail: MailServer;
  let client: MongoClient;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-inbound-'));
    db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
    mail = await startDovecot();
    client = await new MongoClient(`${db.uri}inbound`).connect();
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await client?.close();
    await mail?.stop();
    await db?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and duplicates nothing', async () => {
    for (let i = 0; i < MESSAGES; i++) await mail.deliver(message(i));
    const slots = client.db().collection('lead_messages');
    const env = {
      MONGODB_URI: `${db.uri}inbound`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      INBOUND_IMAP_URL: mail.url,
      INBOUND_POLL_INTERVAL: '1s',
    };
    const first = await startApi('A', env, dataDir, children);
    // Killed as soon as it has taken some in, long before it has taken them all.
    await waitFor('the first messages', async () => (await slots.countDocuments()) >= 3, 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atKill = await slots.countDocuments();
    expect(atKill).toBeLessThan(MESSAGES);

    await startApi('B', env, dataDir, children);
    // The lease of the killed process runs out (30 s) before B takes the mailbox over.
    await waitFor('every message', async () => (await slots.countDocuments()) >= MESSAGES, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const stored = await slots.find({}, { projection: { subject: 1, key: 1 } }).toArray();
    expect(stored).toHaveLength(MESSAGES);
    expect(new Set(stored.map((slot) => slot.key as string)).size).toBe(MESSAGES);
    expect(stored.map((slot) => slot.subject as string).sort()).toEqual(
      Array.from({ length: MESSAGES }, (_, i) => `Message ${i}`).sort(),
    );
    // One lead per sender (contactUs, the default for a new sender), none twice.
    const leads = await client.db().collection('contact_us_requests').find().toArray();
    expect(leads).toHaveLength(MESSAGES);
    expect(new Set(leads.map((lead) => lead.email as string)).size).toBe(MESSAGES);
    // Every one marked \Seen in the mailbox.
    const inbox = await mail.messages('INBOX');
    expect(inbox).toHaveLength(MESSAGES);
    expect(inbox.every((m) => m.flags.includes('\\Seen'))).toBe(true);
  }, 240_000);
});

async function startApi(
  name: string,
  shared: Record<string, string>,
  dataDir: string,
  children: ChildProcess[],
): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...shared,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    `API ${name} to answer`,
    async () => {
      if (child.exitCode !== null) throw new Error(`API ${name} exited:\n${output}`);
      return (await statusOf(`http://127.0.0.1:${port}/health`)) === 200;
    },
    30_000,
  );
  return child;
}
