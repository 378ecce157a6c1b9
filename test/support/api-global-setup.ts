import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startEmbeddedDatabase } from '../../scripts/stack/embedded-database';

/**
 * One database server for the whole API suite: the MONGODB_URI given (so the same suite runs against
 * real MongoDB), else the embedded one. Each test file then works in a database of its own.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.MONGODB_URI) {
    process.env.TEST_MONGODB_URI = process.env.MONGODB_URI;
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'leads-api-test-'));
  const db = await startEmbeddedDatabase({
    dataDir,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.env.TEST_MONGODB_URI = db.uri;
  (globalThis as { __TEST_DB__?: typeof db }).__TEST_DB__ = db;
}
