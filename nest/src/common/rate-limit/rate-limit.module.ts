import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { DatabaseModule } from '../../database/database.module';

import {
  rateLimitStoreProvider,
  TEXT_COUNTERS,
  TEXT_WINDOW,
  textCountersProvider,
} from './database-rate-limit.store';
import { RateLimitWindow, RateLimitWindowSchema } from './rate-limit-window.schema';
import { RateLimitStore } from './rate-limit.store';

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
  providers: [rateLimitStoreProvider, textCountersProvider],
  exports: [RateLimitStore, TEXT_COUNTERS],
})
export class RateLimitModule {}
