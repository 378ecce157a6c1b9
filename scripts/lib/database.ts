import { MongoClient, type Db } from 'mongodb';

import { parseEnvironment } from '../../nest/src/config/env.schema';
import { startEmbeddedDatabase } from '../../nest/src/database/embedded-database';

/**
 * The database the app would use with this environment: MONGODB_URI, or the embedded one (reused when
 * `npm run dev` already runs it, otherwise started for the duration of the script).
 */
export async function connectAppDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const env = parseEnvironment(process.env);
  const embedded = env.MONGODB_URI
    ? undefined
    : await startEmbeddedDatabase({ dataDir: env.DATA_DIR });
  const client = await new MongoClient(env.MONGODB_URI ?? (embedded?.uri as string)).connect();
  return {
    db: client.db(env.MONGODB_DB ?? 'boat_market_data'),
    async close() {
      await client.close();
      await embedded?.stop();
    },
  };
}
