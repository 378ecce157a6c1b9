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
 * Counters of texts (the spam filter's repeated text): one or two per submission with a text of
 * its own, each an hour long, so many more than the visitors' limits; kept in a collection of
 * their own, so that counting a visitor's submissions reads none of them (FerretDB 1.x reads
 * through a collection even for an `_id`).
 */
export const TEXT_COUNTERS = 'TextCounters';
const TEXT_WINDOW = 'TextWindow';

/**
 * The counters behind the intake limit and the sign-in throttle, and the spam filter's counters of
 * texts: in the database by default, so replicas share them; in memory (RATE_LIMIT_STORE=memory)
 * for one process on the embedded database.
 */
@Global()
@Module({
  imports: [
    DatabaseModule,
    MongooseModule.forFeature([
      { name: RateLimitWindow.name, schema: RateLimitWindowSchema },
      { name: TEXT_WINDOW, schema: RateLimitWindowSchema, collection: 'text_counters' },
    ]),
  ],
  providers: [
    { provide: RateLimitStore, ...countersIn(RateLimitWindow.name) },
    { provide: TEXT_COUNTERS, ...countersIn(TEXT_WINDOW) },
  ],
  exports: [RateLimitStore, TEXT_COUNTERS],
})
export class RateLimitModule {}

/** A store of counters, in the collection of `model` unless they are kept in memory. */
function countersIn(model: string) {
  return {
    inject: [AppConfig, getModelToken(model), DatabaseEngine],
    useFactory: (
      config: AppConfig,
      windows: Model<RateLimitWindow>,
      engine: DatabaseEngine,
    ): RateLimitStore =>
      config.rateLimitStore === 'memory'
        ? new MemoryRateLimitStore()
        : new DatabaseRateLimitStore(windows, config.database.autoIndex, engine),
  };
}
