import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { NotificationsModule } from '../../notifications/notifications.module';

import { BusinessHoursService } from './business-hours';
import { BusinessHoursController } from './business-hours.controller';
import {
  BUSINESS_HOURS_MODEL,
  BusinessHoursSchema,
  BusinessHoursStore,
} from './business-hours.store';
import { ResponseTargetsService } from './response-targets';
import { ResponseTargetsController } from './response-targets.controller';
import {
  RESPONSE_TARGETS_MODEL,
  ResponseTargetsSchema,
  ResponseTargetsStore,
} from './response-targets.store';

/**
 * Each kind's response target (decision 0015) and the team calendar they count in (decision
 * 0025): the settings, and the clock a kind's due times are
 * read against. Below the lead core: it knows kinds by key, never a lead.
 */
@Module({
  imports: [
    // A target changed moves the waiting leads' overdue alerts (LeadNotifier.dueTimesChanged).
    NotificationsModule,
    MongooseModule.forFeature([
      { name: RESPONSE_TARGETS_MODEL, schema: ResponseTargetsSchema },
      { name: BUSINESS_HOURS_MODEL, schema: BusinessHoursSchema },
    ]),
  ],
  controllers: [ResponseTargetsController, BusinessHoursController],
  providers: [
    ResponseTargetsStore,
    ResponseTargetsService,
    BusinessHoursStore,
    BusinessHoursService,
  ],
  exports: [ResponseTargetsService, BusinessHoursService],
})
export class TargetsModule {}
