import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { rateLimitStoreProvider } from './database-rate-limit.store';
import { RateLimitWindow, RateLimitWindowSchema } from './rate-limit-window.schema';
import { RateLimitStore } from './rate-limit.store';

/**
 * The counters behind the intake limit and the sign-in throttle: in the database by default, so
 * replicas share them; in memory (RATE_LIMIT_STORE=memory) for one process on the embedded database.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([{ name: RateLimitWindow.name, schema: RateLimitWindowSchema }]),
  ],
  providers: [rateLimitStoreProvider],
  exports: [RateLimitStore],
})
export class RateLimitModule {}
