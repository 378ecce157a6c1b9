import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient } from 'mongodb';

import {
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';
import { claimNewDatabase, reuseStackDatabase } from '../../scripts/stack/stack-database';

/**
 * Issue 36: a benchmark pointed at MONGODB_URI measures again (`--database`) only a database a
 * stack made, and makes its own only where nothing is held: someone's data is never seeded into,
 * measured or stripped of its admin.
 */
describe('the databases a stack may use on MONGODB_URI', () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let client: MongoClient;
  const uriOf = (name: string) => {
    const url = new URL(database.uri);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admins = (name: string) => client.db(name).collection('admins');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-stack-db-'));
    database = await startEmbeddedDatabase({ dataDir, log: () => {} });
    client = await new MongoClient(database.uri).connect();
  });
  afterAll(async () => {
    await client?.close();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to reuse or claim a database that holds data no stack made, and leaves it as it was', async () => {
    await admins('someones').insertOne({ email: 'admin@example.com', passwordHash: 'theirs' });
    await expect(reuseStackDatabase(uriOf('someones'), 'admin@example.com')).rejects.toThrow(
      /refusing database someones: it holds data no benchmark seeded/,
    );
    await expect(claimNewDatabase(uriOf('someones'))).rejects.toThrow(
      /someones already holds admins/,
    );
    expect(await admins('someones').countDocuments({ email: 'admin@example.com' })).toBe(1);
    expect(await client.db('someones').collection('stack_made').countDocuments()).toBe(0);
  });

  it('claims an empty database, and reuses it later with that run’s admin forgotten', async () => {
    await claimNewDatabase(uriOf('bench_made'));
    await admins('bench_made').insertMany([
      { email: 'admin@example.com', passwordHash: 'last run' },
      { email: 'other@example.com', passwordHash: 'kept' },
    ]);
    await reuseStackDatabase(uriOf('bench_made'), 'admin@example.com');
    expect(await admins('bench_made').distinct('email')).toEqual(['other@example.com']);
  });
});
