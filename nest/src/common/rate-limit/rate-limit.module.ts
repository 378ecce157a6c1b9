import { Global, Module } from '@nestjs/common';

import { MemoryRateLimitStore, RateLimitStore } from './rate-limit.store';

@Global()
@Module({
  providers: [{ provide: RateLimitStore, useFactory: () => new MemoryRateLimitStore() }],
  exports: [RateLimitStore],
})
export class RateLimitModule {}
