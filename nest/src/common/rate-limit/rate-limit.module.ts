import { Global, Module } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { DatabaseEngine } from '../../database/database-engine';
import { DatabaseModule } from '../../database/database.module';

import { DatabaseRateLimitStore } from './database-rate-limit.store';
import { RateLimitWindow, RateLimitWindowSchema } from './rate-limit-window.schema';
import { MemoryRateLimitStore, RateLimitStore } from './rate-limit.store';

/**
 * The counters behind the intake limit and the sign-in throttle: in the database by default, so
 * replicas share them; in memory (RATE_LIMIT_STORE=memory) for one process on the embedded database.
 */
@Global()
@Module({
  imports: [
    DatabaseModule,
    MongooseModule.forFeature([{ name: RateLimitWindow.name, schema: RateLimitWindowSchema }]),
  ],
  providers: [
    {
      provide: RateLimitStore,
      inject: [AppConfig, getModelToken(RateLimitWindow.name), DatabaseEngine],
      useFactory: (
        config: AppConfig,
        windows: Model<RateLimitWindow>,
        engine: DatabaseEngine,
      ): RateLimitStore =>
        config.rateLimitStore === 'memory'
          ? new MemoryRateLimitStore()
          : new DatabaseRateLimitStore(windows, config.database.autoIndex, engine),
    },
  ],
  exports: [RateLimitStore],
})
export class RateLimitModule {}
