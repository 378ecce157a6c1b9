import { MongoClient, type Db } from 'mongodb';

import { parseEnvironment } from '../../nest/src/config/env.schema';

import { startEmbeddedDatabase } from './embedded-database';

/**
 * The database server the app would use with this environment: MONGODB_URI, or the embedded one
 * (reused while `npm run dev` or `npm start` runs it, otherwise started until `release()`).
 */
export async function appDatabaseUri(
  env = parseEnvironment(process.env),
): Promise<{ uri: string; release(): Promise<void> }> {
  if (env.MONGODB_URI) return { uri: env.MONGODB_URI, release: async () => undefined };
  const embedded = await startEmbeddedDatabase({ dataDir: env.DATA_DIR });
  return { uri: embedded.uri, release: () => embedded.stop() };
}

/** A driver connection to the app's database (see appDatabaseUri). */
export async function connectAppDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const env = parseEnvironment(process.env);
  const server = await appDatabaseUri(env);
  const client = await new MongoClient(server.uri).connect();
  return {
    db: client.db(env.MONGODB_DB ?? 'boat_market_data'),
    async close() {
      await client.close();
      await server.release();
    },
  };
}
