/**
 * What the intake benches share: a stack that takes a trusted sender's intake POSTs without a rate
 * limit, one intake POST, and clients that send a bench's calls in order at a concurrency.
 */
import { randomBytes } from 'node:crypto';

import { type Db, MongoClient } from 'mongodb';

import { INTAKE_KEY_HEADER } from '../../nest/src/contract';
import { startWebStack, type WebStack } from '../stack/web-stack';

import { engineOf, signIn } from './api-session';
import { benchServerLog, loadNow } from './bench-stack';

export interface IntakeBench {
  stack: WebStack;
  /** The X-Intake-Key the API trusts. */
  intakeKey: string;
  db: Db;
  engine: Awaited<ReturnType<typeof engineOf>>;
  loadAtStart: string;
  /** The stack's admin's session. */
  token: string;
  close: () => Promise<void>;
}

/**
 * The built product as real processes on a fresh embedded database (or MONGODB_URI), a trusted
 * intake key, the database and the admin's session. `apiEnv` adds to the API's environment.
 */
export async function openIntakeBench({
  apiEnv = {},
  buildDir,
}: {
  apiEnv?: Record<string, string>;
  buildDir?: string;
}): Promise<IntakeBench> {
  const intakeKey = randomBytes(24).toString('base64url');
  const stack = await startWebStack({
    apiEnv: { INTAKE_RATE_LIMIT: '1000000', INTAKE_KEYS: intakeKey, LOG_LEVEL: 'warn', ...apiEnv },
    log: benchServerLog,
    cwd: buildDir,
  });
  const client = await new MongoClient(stack.mongoUri).connect();
  const close = async () => {
    await client.close();
    await stack.stop();
  };
  try {
    const db = client.db();
    const engine = await engineOf(db);
    const loadAtStart = loadNow();
    console.log(`Engine: ${engine.name}; load ${loadAtStart}`);
    const { token } = await signIn(stack);
    return { stack, intakeKey, db, engine, loadAtStart, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One intake POST as the trusted sender: its status and the id of the lead it stored. */
export async function postIntake(
  bench: Pick<IntakeBench, 'stack' | 'intakeKey'>,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; id?: string }> {
  const res = await fetch(`${bench.stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTAKE_KEY_HEADER]: bench.intakeKey },
    body: JSON.stringify(body),
  });
  const { id } = (await res.json()) as { id?: string };
  return { status: res.status, id };
}

/**
 * Sends calls 0 … count-1 in order from `concurrency` clients, each sending the next as soon as
 * its last is answered.
 */
export async function runClients(
  concurrency: number,
  count: number,
  send: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
}
