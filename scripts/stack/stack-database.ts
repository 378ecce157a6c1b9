import { MongoClient } from 'mongodb';

/**
 * The mark a stack leaves in a database of MONGODB_URI it made (issue 36): a benchmark measures
 * again, with `--database`, only a database a stack made, so a run pointed at a real deployment
 * never measures, seeds into or forgets the admin of a database that holds someone's data.
 */
const MARK_COLLECTION = 'stack_made';
const MARK_ID = 'made-by-web-stack';

/** Makes `mongoUri`'s database a stack's: refused if it holds anything already. */
export async function claimNewDatabase(mongoUri: string): Promise<void> {
  await withDb(mongoUri, async (db) => {
    const held = await db.listCollections({}, { nameOnly: true }).toArray();
    if (held.length)
      throw new Error(
        `${db.databaseName} already holds ${held.map((c) => c.name).join(', ')}: a stack makes its own database`,
      );
    await db.collection<{ _id: string }>(MARK_COLLECTION).insertOne({ _id: MARK_ID });
  });
}

/** Refuses a database no stack made; for one a stack made, forgets `email`'s admin of that run. */
export async function reuseStackDatabase(mongoUri: string, email: string): Promise<void> {
  await withDb(mongoUri, async (db) => {
    const mark = await db.collection<{ _id: string }>(MARK_COLLECTION).findOne({ _id: MARK_ID });
    if (!mark)
      throw new Error(
        `refusing database ${db.databaseName}: it holds data no benchmark seeded (no ${MARK_COLLECTION} mark)`,
      );
    // That run's admin had that run's password: made again with this one.
    await db.collection('admins').deleteOne({ email });
  });
}

async function withDb(
  mongoUri: string,
  work: (db: ReturnType<MongoClient['db']>) => Promise<void>,
): Promise<void> {
  const client = await new MongoClient(mongoUri).connect();
  try {
    await work(client.db());
  } finally {
    await client.close();
  }
}
