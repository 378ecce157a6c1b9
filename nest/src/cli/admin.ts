/**
 * Creates an admin or resets an admin's password:
 *   npm run admin -- --email someone@example.com         (development: scripts/stack/admin.ts runs this)
 *   node dist/cli/admin.js --email someone@example.com   (a container, with MONGODB_URI set)
 * or, with `--reset-mfa`, removes an admin's second factor and ends their sessions (no password
 * asked: the operator's way back for an admin who lost theirs; recorded in the audit log),
 * or, with `--role owner` (or any role), gives an existing admin that role, the password left as
 * it is: the way back in for a team whose owners are locked out (recorded in the audit log). A new
 * admin made here is an owner.
 * The password is read from a hidden prompt, or from standard input when it is not a terminal
 * (`printf '%s' "$PW" | npm run admin -- --email …`); never from the command line, where it would
 * land in shell history and the process list.
 */
import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';

import { AuditService } from '../audit/audit.service';
import { AdminService, assertPasswordStrength } from '../auth/admin.service';
import { ConfigError, parseEnvironment } from '../config/env.schema';
import { ADMIN_ROLES, type AdminRole, isAdminRole } from '../contract';

import { AdminCliModule } from './admin-cli.module';
import { runCli } from './run-cli';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(prompt);
      const stdin = process.stdin;
      stdin.setRawMode(true);
      stdin.resume();
      let typed = '';
      const onData = (data: Buffer) => {
        for (const char of data.toString('utf8')) {
          if (char === '\r' || char === '\n') {
            stdin.setRawMode(false);
            stdin.pause();
            stdin.off('data', onData);
            process.stdout.write('\n');
            resolve(typed);
            return;
          }
          if (char === '\u0003') process.exit(130);
          typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
        }
      };
      stdin.on('data', onData);
    });
  const first = await ask('New password: ');
  const second = await ask('Repeat password: ');
  if (first !== second) throw new Error('the passwords differ');
  return first;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const emailIndex = args.indexOf('--email');
  const email = emailIndex >= 0 ? args[emailIndex + 1] : undefined;
  const roleIndex = args.indexOf('--role');
  const role = roleIndex >= 0 ? args[roleIndex + 1] : undefined;
  const resetMfa = args.includes('--reset-mfa');
  if (
    !email ||
    args.some((a) => a.startsWith('--password')) ||
    (roleIndex >= 0 && !isAdminRole(role)) ||
    (resetMfa && roleIndex >= 0)
  ) {
    console.error(
      `usage: npm run admin -- --email someone@example.com [--reset-mfa | --role ${ADMIN_ROLES.join('|')}]   (password from prompt or stdin)`,
    );
    process.exit(2);
  }
  // Before the password prompt: a missing database should not cost the typing.
  const env = parseEnvironment(process.env);
  if (!env.MONGODB_URI) {
    throw new ConfigError(
      'MONGODB_URI is not set: point it at MongoDB, or use `npm run admin`, which starts the embedded database when it is unset',
    );
  }
  if (resetMfa) return resetSecondFactor(email);
  if (isAdminRole(role)) return giveRole(email, role);
  const password = await readPassword();
  assertPasswordStrength(password);

  const app = await NestFactory.createApplicationContext(
    AdminCliModule.forRoot({ LOG_LEVEL: 'warn' }),
    { logger: ['error'] },
  );
  try {
    const outcome = await app.get(AdminService).setPassword(email, password);
    console.log(
      outcome === 'created'
        ? `Created admin ${email}.`
        : `Password of ${email} reset; its sessions are signed out.`,
    );
  } finally {
    await app.close();
  }
}

async function resetSecondFactor(email: string): Promise<void> {
  const app = await NestFactory.createApplicationContext(
    AdminCliModule.forRoot({ LOG_LEVEL: 'warn' }),
    { logger: ['error'] },
  );
  try {
    const admin = await app.get(AdminService).resetSecondFactor(email);
    if (!admin) throw new Error(`no admin with the email ${email}`);
    await app
      .get(AuditService)
      .record(
        { ip: null },
        { action: 'mfa-reset', admin: { id: admin.id, email: admin.email }, detail: { by: 'cli' } },
      );
    console.log(
      `Second factor of ${admin.email} removed and its sessions signed out: they sign in with the password and set up a new one.`,
    );
  } finally {
    await app.close();
  }
}

async function giveRole(email: string, role: AdminRole): Promise<void> {
  const app = await NestFactory.createApplicationContext(
    AdminCliModule.forRoot({ LOG_LEVEL: 'warn' }),
    { logger: ['error'] },
  );
  try {
    // A change that would leave no owner is refused here as by the API (an ApiError: its message).
    const change = await app.get(AdminService).setRoleByEmail(email, role);
    if (!change)
      throw new Error(`no admin with the email ${email}: add one first (without --role)`);
    const { before, after } = change;
    if (before.role !== after.role)
      await app.get(AuditService).record(
        { ip: null },
        {
          action: 'role-changed',
          admin: { id: after.id, email: after.email },
          ids: [after.id],
          detail: { email: after.email, from: before.role, to: after.role, by: 'cli' },
        },
      );
    console.log(
      before.role === after.role
        ? `${after.email} is already ${after.role}.`
        : `${after.email} is now ${after.role} (was ${before.role}), from their next request on.`,
    );
  } finally {
    await app.close();
  }
}

runCli(main);
