import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

import { ImapFlow } from 'imapflow';

import { freePort } from '../../scripts/stack/embedded-database';

/** Debian's dovecot-imapd (`.ci/run` installs it). */
const DOVECOT = '/usr/sbin/dovecot';

export interface MailServer {
  /** INBOUND_IMAP_URL of the mailbox (plain IMAP on loopback). */
  url: string;
  port: number;
  user: string;
  password: string;
  /** Delivers a raw message into a folder (INBOX by default), as the mail server's delivery would. */
  deliver(raw: string | Buffer, folder?: string): Promise<number>;
  /** The messages of a folder: their UIDs and flags. */
  messages(folder?: string): Promise<{ uid: number; flags: string[] }[]>;
  /** Opens an IMAP session of the test's own (closed by the caller). */
  client(): Promise<ImapFlow>;
  log(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A real IMAP server for the suite: Dovecot on loopback, on a free port, with a private
 * configuration in a temporary directory (a passwd-file user, a maildir there, no TLS). As root
 * (CI) its login and internal processes run as Debian's `dovenull` and `dovecot` users, which
 * Dovecot requires; as anyone else everything runs as that user.
 */
export async function startDovecot(): Promise<MailServer> {
  if (!existsSync(DOVECOT))
    throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (.ci/run does)`);
  const dir = await mkdtemp(join(tmpdir(), 'dovecot-test-'));
  // The login processes (another user, as root) reach their sockets through it.
  await chmod(dir, 0o755);
  const port = await freePort();
  const user = 'leads';
  const password = 'mailbox password 1';
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const mailUser = root ? idOf('dovecot') : { uid: me.uid, gid: me.gid, name: me.username };
  const mail = join(dir, 'mail');
  await mkdir(mail);
  if (root) await chown(mail, mailUser.uid, mailUser.gid);
  await writeFile(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  await writeFile(
    join(dir, 'dovecot.conf'),
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `instance_name = test-${port}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `log_path = ${dir}/dovecot.log`,
      `default_login_user = ${root ? 'dovenull' : me.username}`,
      `default_internal_user = ${root ? 'dovecot' : me.username}`,
      `default_internal_group = ${root ? 'dovecot' : (groupName(me.gid) ?? me.username)}`,
      `first_valid_uid = ${Math.min(mailUser.uid, 100)}`,
      `mail_location = maildir:${mail}/%u`,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${mailUser.uid} gid=${mailUser.gid} home=${mail}/%u`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '  chroot =',
      '}',
      'service anvil {',
      '  chroot =',
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(
    port,
    () => child.exitCode !== null,
    () => output,
  );

  const client = async () => {
    const session = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await session.connect();
    return session;
  };
  const withClient = async <T>(use: (session: ImapFlow) => Promise<T>): Promise<T> => {
    const session = await client();
    try {
      return await use(session);
    } finally {
      await session.logout().catch(() => session.close());
    }
  };
  return {
    url: `imap://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    port,
    user,
    password,
    client,
    deliver: (raw, folder = 'INBOX') =>
      withClient(async (session) => {
        if (folder !== 'INBOX') await session.mailboxCreate(folder).catch(() => undefined);
        const appended = await session.append(
          folder,
          Buffer.isBuffer(raw) ? raw : Buffer.from(raw),
        );
        return appended ? Number(appended.uid ?? 0) : 0;
      }),
    messages: (folder = 'INBOX') =>
      withClient(async (session) => {
        const lock = await session.getMailboxLock(folder).catch(() => null);
        if (!lock) return [];
        try {
          const found: { uid: number; flags: string[] }[] = [];
          for await (const message of session.fetch('1:*', { uid: true, flags: true }))
            found.push({ uid: message.uid, flags: [...(message.flags ?? [])] });
          return found;
        } finally {
          lock.release();
        }
      }),
    log: () => readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => output),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function idOf(name: string): { uid: number; gid: number; name: string } {
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return { uid, gid, name };
}

function groupName(gid: number): string | undefined {
  try {
    return execFileSync('getent', ['group', String(gid)], { encoding: 'utf8' }).split(':')[0];
  } catch {
    return undefined;
  }
}

async function waitForPort(port: number, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited()) throw new Error(`dovecot exited:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not listen on ${port}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
