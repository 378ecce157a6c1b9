import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { DatabaseModule } from '../../database/database.module';
import { LeadTimeline } from '../timeline/lead-timeline';
import { LEAD_TIMELINE_MODEL, LeadTimelineSchema } from '../timeline/lead-timeline.schema';

import { LeadEmailKeys } from './lead-email-keys';
import { LeadRegistry } from './lead-registry';
import { LeadSearchWords } from './lead-search-words';
import { LeadTotalsChecker } from './list-view/lead-totals.checker';
import {
  LEAD_TOTALS_MODEL,
  LeadTotalsSchema,
  LeadTotalsStore,
} from './list-view/lead-totals.store';

/**
 * What the four kind modules share: the kept totals, their checker, the registry of kinds and the
 * leads' timelines.
 */
@Global()
@Module({
  imports: [
    DatabaseModule,
    MongooseModule.forFeature([
      { name: LEAD_TOTALS_MODEL, schema: LeadTotalsSchema },
      { name: LEAD_TIMELINE_MODEL, schema: LeadTimelineSchema },
    ]),
  ],
  providers: [
    LeadRegistry,
    LeadTotalsStore,
    LeadTotalsChecker,
    LeadEmailKeys,
    LeadSearchWords,
    LeadTimeline,
  ],
  exports: [
    LeadRegistry,
    LeadTotalsStore,
    LeadTotalsChecker,
    LeadEmailKeys,
    LeadSearchWords,
    LeadTimeline,
    DatabaseModule,
  ],
})
export class LeadCoreModule {}
