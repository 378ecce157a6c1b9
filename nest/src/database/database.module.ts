import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import mongoose from 'mongoose';

import { AppConfig } from '../config/app-config';

import { DatabaseEngine } from './database-engine';
import { DatabaseIndexes } from './database-indexes';
import { DatabasePing } from './database-ping';
import { IdLookups } from './id-lookups';
import { StorageState } from './storage-state';

// Defence in depth behind DTO validation: filters built from client input can't smuggle operators
// (our own operators are wrapped in mongoose.trusted()), and unknown paths in filters throw.
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', 'throw');

@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.database.uri) throw new Error('MONGODB_URI is not set');
        return {
          uri: config.database.uri,
          dbName: config.database.name,
          // Production deployments often build indexes by hand or by `npm run db:indexes`.
          autoIndex: config.database.autoIndex,
          // Fail fast while the database is away (answered as 503) instead of queueing requests in memory.
          bufferCommands: false,
          serverSelectionTimeoutMS: 5_000,
          retryAttempts: 3,
          retryDelay: 1_000,
        };
      },
    }),
  ],
  providers: [StorageState, DatabaseEngine, DatabasePing, DatabaseIndexes, IdLookups],
  exports: [StorageState, DatabaseEngine, DatabasePing, DatabaseIndexes, IdLookups],
})
export class DatabaseModule {}
