import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { NotificationsModule } from '../../notifications/notifications.module';

import { ResponseTargetsService } from './response-targets';
import { ResponseTargetsController } from './response-targets.controller';
import {
  RESPONSE_TARGETS_MODEL,
  ResponseTargetsSchema,
  ResponseTargetsStore,
} from './response-targets.store';

/**
 * Each kind's response target (decision 0015): the setting, and the clock a kind's due times are
 * read against. Below the lead core: it knows kinds by key, never a lead.
 */
@Module({
  imports: [
    // A target changed moves the waiting leads' overdue alerts (LeadNotifier.dueTimesChanged).
    NotificationsModule,
    MongooseModule.forFeature([{ name: RESPONSE_TARGETS_MODEL, schema: ResponseTargetsSchema }]),
  ],
  controllers: [ResponseTargetsController],
  providers: [ResponseTargetsStore, ResponseTargetsService],
  exports: [ResponseTargetsService],
})
export class TargetsModule {}
