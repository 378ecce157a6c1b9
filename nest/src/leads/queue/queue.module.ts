import { Module } from '@nestjs/common';

import { LeadKindsModule } from '../lead-kinds.module';

import { QueueController } from './queue.controller';
import { QueueService } from './queue.service';

/** `GET /leads`: the queue across the kinds, from each kind's own lists (LeadKinds). */
@Module({
  imports: [LeadKindsModule],
  controllers: [QueueController],
  providers: [QueueService],
})
export class QueueModule {}
