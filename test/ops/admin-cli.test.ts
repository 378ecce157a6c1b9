import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient } from 'mongodb';

import {
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';

import { processTable } from './support/processes';

const PASSWORD = 'a-long-enough-admin-password';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv, input: string): Promise<Run> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const result: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (result.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ ...result, code })));
}

/** `npm run admin` on a fresh checkout, and the compiled CLI as a container runs it. */
describe('the admin CLI', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-admin-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('npm run admin (scripts/stack/admin.ts after the build) brings its own database when MONGODB_URI is unset', async () => {
    const env = { DATA_DIR: dataDir, TSX_TSCONFIG_PATH: 'tsconfig.test.json' };
    const args = ['--import', 'tsx', 'scripts/stack/admin.ts', '--email', 'ops@example.com'];
    const created = await run(args, env, PASSWORD);
    expect(created).toEqual(expect.objectContaining({ code: 0 }));
    expect(created.stdout).toMatch(/Created admin ops@example\.com/);
    const reset = await run(args, env, `${PASSWORD}-2`);
    expect(reset.stdout).toMatch(/Password of ops@example\.com reset/);
    // The database it started is stopped again.
    const left = [...processTable().values()].filter((info) =>
      info.argv.some((arg) => arg.includes(dataDir)),
    );
    expect(left).toEqual([]);
  }, 90_000);

  it('node dist/cli/admin.js works on MONGODB_URI, and without it says what to run', async () => {
    let db: EmbeddedDatabase | undefined;
    const container = {
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      ALTCHA_HMAC_KEY: 'a'.repeat(40),
    };
    try {
      db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
      const args = ['dist/cli/admin.js', '--email', 'container@example.com'];
      const ok = await run(args, { ...container, MONGODB_URI: `${db.uri}ops_admin` }, PASSWORD);
      expect(ok.stdout).toMatch(/Created admin container@example\.com/);
      expect(ok.code).toBe(0);

      const missing = await run(args, { ...container, DATA_DIR: dataDir }, PASSWORD);
      expect(missing.code).toBe(1);
      const lines = missing.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/MONGODB_URI/);
      expect(lines[0]).toMatch(/npm run admin/);
    } finally {
      await db?.stop();
    }
  }, 90_000);

  it('--reset-mfa removes an admin’s second factors (TOTP, passkeys) and ends their sessions, in the audit log', async () => {
    let db: EmbeddedDatabase | undefined;
    const container = {
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      ALTCHA_HMAC_KEY: 'a'.repeat(40),
    };
    try {
      db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
      const uri = `${db.uri}ops_reset_mfa`;
      const email = 'lost-phone@example.com';
      await run(
        ['dist/cli/admin.js', '--email', email],
        { ...container, MONGODB_URI: uri },
        PASSWORD,
      );
      const client = await MongoClient.connect(uri);
      try {
        const admins = client.db().collection('admins');
        const passkeys = client
          .db()
          .collection<{ _id: string; adminId: string; name: string }>('admin_passkeys');
        const admin = await admins.findOne({ email });
        await passkeys.insertOne({ _id: 'credential-1', adminId: String(admin?._id), name: 'Key' });
        await admins.updateOne(
          { email },
          {
            $set: {
              totpSecret: 'v1.sealed',
              recoveryCodeHashes: ['a', 'b'],
              passkeyIds: ['credential-1'],
              sessionVersion: 3,
            },
          },
        );
        // No password is read: stdin is left empty.
        const reset = await run(
          ['dist/cli/admin.js', '--email', email, '--reset-mfa'],
          { ...container, MONGODB_URI: uri },
          '',
        );
        expect(reset.code).toBe(0);
        expect(reset.stdout).toMatch(/Second factor of lost-phone@example\.com removed/);
        expect(await admins.findOne({ email })).toMatchObject({
          totpSecret: null,
          totpPendingSecret: null,
          recoveryCodeHashes: [],
          passkeyIds: [],
          sessionVersion: 4,
        });
        await expect(passkeys.countDocuments()).resolves.toBe(0);
        expect(
          await client.db().collection('audit_log').findOne({ action: 'mfa-reset' }),
        ).toMatchObject({ adminEmail: email, detail: { by: 'cli' } });

        const unknown = await run(
          ['dist/cli/admin.js', '--email', 'nobody@example.com', '--reset-mfa'],
          { ...container, MONGODB_URI: uri },
          '',
        );
        expect(unknown.code).toBe(1);
        expect(unknown.stderr.trim()).toBe('Failed: no admin with the email nobody@example.com');
      } finally {
        await client.close();
      }
    } finally {
      await db?.stop();
    }
  }, 90_000);

  it('--role gives an existing admin a role, never leaving no owner, in the audit log', async () => {
    let db: EmbeddedDatabase | undefined;
    const container = {
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      ALTCHA_HMAC_KEY: 'a'.repeat(40),
    };
    try {
      db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
      const env = { ...container, MONGODB_URI: `${db.uri}ops_role` };
      const cli = (...args: string[]) => run(['dist/cli/admin.js', ...args], env, '');
      await run(['dist/cli/admin.js', '--email', 'first@example.com'], env, PASSWORD);
      await run(['dist/cli/admin.js', '--email', 'locked-out@example.com'], env, PASSWORD);
      const client = await MongoClient.connect(env.MONGODB_URI);
      try {
        const admins = client.db().collection('admins');
        // A new admin of the CLI is an owner: the way in.
        expect(await admins.findOne({ email: 'first@example.com' })).toMatchObject({
          role: 'owner',
        });
        // The team demoted this one; the CLI gives them owner back, no password asked.
        await admins.updateOne({ email: 'locked-out@example.com' }, { $set: { role: 'viewer' } });
        const back = await cli('--email', 'Locked-Out@example.com', '--role', 'owner');
        expect(back).toMatchObject({ code: 0 });
        expect(back.stdout).toMatch(/locked-out@example\.com is now owner \(was viewer\)/);
        expect(await admins.findOne({ email: 'locked-out@example.com' })).toMatchObject({
          role: 'owner',
          sessionVersion: 1,
        });
        expect(
          await client.db().collection('audit_log').findOne({ action: 'role-changed' }),
        ).toMatchObject({
          adminEmail: 'locked-out@example.com',
          detail: { from: 'viewer', to: 'owner', by: 'cli' },
        });

        // Never the last owner away: with first@ a viewer, locked-out@ stays owner.
        await admins.updateOne({ email: 'first@example.com' }, { $set: { role: 'viewer' } });
        const refused = await cli('--email', 'locked-out@example.com', '--role', 'agent');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/last owner/);
        const typo = await cli('--email', 'locked-out@example.com', '--role', 'root');
        expect(typo.code).toBe(2);
        expect(typo.stderr).toMatch(/--role owner\|manager\|agent\|viewer/);
        const unknown = await cli('--email', 'nobody@example.com', '--role', 'owner');
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toMatch(/no admin with the email nobody@example\.com/);
      } finally {
        await client.close();
      }
    } finally {
      await db?.stop();
    }
  }, 90_000);
});
