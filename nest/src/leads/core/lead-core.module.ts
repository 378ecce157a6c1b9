import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { DatabaseModule } from '../../database/database.module';

import { KeptDaysCheckRequests } from './kept-days/kept-days-check-requests';
import {
  KEPT_DAYS_MODEL,
  KEPT_STAMPS_MODEL,
  KeptDaySchema,
  KeptDaysStore,
  KeptStampsSchema,
} from './kept-days/kept-days.store';
import {
  LEAD_EMAIL_COUNTS_MODEL,
  LeadEmailCounts,
  LeadEmailCountSchema,
} from './lead-email-counts.store';
import { LeadEvents } from './lead-events';
import {
  LEAD_TOTALS_MODEL,
  LeadTotalsSchema,
  LeadTotalsStore,
} from './list-view/lead-totals.store';
import { TotalsCheckRequests } from './list-view/totals-check-requests';

/** The shared parts, each provided here and given to every importer. */
const SHARED = [
  LeadTotalsStore,
  LeadEmailCounts,
  TotalsCheckRequests,
  LeadEvents,
  KeptDaysStore,
  KeptDaysCheckRequests,
];

/**
 * What the kinds' cores share: the kept totals of every kind, the email counts across the kinds,
 * insights' kept days, and where a kind's view asks for a totals or days check. Imported by each kind (LeadModule.forKind) and
 * by the module that lists the kinds; nothing of a feature is here.
 */
@Module({
  imports: [
    DatabaseModule,
    MongooseModule.forFeature([
      { name: LEAD_TOTALS_MODEL, schema: LeadTotalsSchema },
      { name: LEAD_EMAIL_COUNTS_MODEL, schema: LeadEmailCountSchema },
      { name: KEPT_DAYS_MODEL, schema: KeptDaySchema },
      { name: KEPT_STAMPS_MODEL, schema: KeptStampsSchema },
    ]),
  ],
  providers: SHARED,
  exports: [...SHARED, DatabaseModule],
})
export class LeadCoreModule {}
