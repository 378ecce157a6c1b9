/**
 * Builds every index the API's queries need, then exits: `npm run db:indexes` (or
 * `node dist/cli/indexes.js` in a container) against MONGODB_URI. For deployments that run the API
 * with MONGODB_AUTO_INDEX=false, as production databases usually want index builds run on purpose.
 * It starts the API's modules without serving HTTP, so it knows exactly the indexes the API would.
 */
import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';

import { AppModule } from '../app.module';
import { ConfigError, parseEnvironment } from '../config/env.schema';
import { DatabaseIndexes } from '../database/database-indexes';

import { runCli } from './run-cli';

async function main(): Promise<void> {
  const env = parseEnvironment(process.env);
  if (!env.MONGODB_URI) throw new ConfigError('MONGODB_URI must name the database to index');
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ MONGODB_AUTO_INDEX: 'true', LOG_LEVEL: 'warn' }),
    { logger: ['error', 'warn'] },
  );
  try {
    for (const { collection, keys } of await app.get(DatabaseIndexes).build())
      console.log(`${collection}: ${keys.join(' ')}`);
  } finally {
    await app.close();
  }
}

runCli(main);
