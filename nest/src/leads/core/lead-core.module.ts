import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AuthModule } from '../../auth/auth.module';
import { DatabaseModule } from '../../database/database.module';
import { BlocklistController } from '../spam/blocklist.controller';
import { BLOCKLIST_MODEL, BlocklistSchema, BlocklistStore } from '../spam/blocklist.store';
import { RepeatedText } from '../spam/repeated-text';
import { SpamFilter } from '../spam/spam-filter';
import { ResponseTargetsService } from '../targets/response-targets';
import { ResponseTargetsController } from '../targets/response-targets.controller';
import {
  RESPONSE_TARGETS_MODEL,
  ResponseTargetsSchema,
  ResponseTargetsStore,
} from '../targets/response-targets.store';
import { LeadTimeline } from '../timeline/lead-timeline';
import { LEAD_TIMELINE_MODEL, LeadTimelineSchema } from '../timeline/lead-timeline.schema';

import {
  LEAD_EMAIL_COUNTS_MODEL,
  LeadEmailCounts,
  LeadEmailCountSchema,
} from './lead-email-counts';
import { LeadEmailKeys } from './lead-email-keys';
import { LeadOwnerRelease } from './lead-owner-release';
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
 * leads' timelines, the response targets their due times are read against, and the spam filter
 * every intake scores with (with its blocklist).
 */
@Global()
@Module({
  imports: [
    AuthModule,
    DatabaseModule,
    MongooseModule.forFeature([
      { name: LEAD_TOTALS_MODEL, schema: LeadTotalsSchema },
      { name: LEAD_TIMELINE_MODEL, schema: LeadTimelineSchema },
      { name: RESPONSE_TARGETS_MODEL, schema: ResponseTargetsSchema },
      { name: LEAD_EMAIL_COUNTS_MODEL, schema: LeadEmailCountSchema },
      { name: BLOCKLIST_MODEL, schema: BlocklistSchema },
    ]),
  ],
  controllers: [ResponseTargetsController, BlocklistController],
  providers: [
    LeadRegistry,
    LeadTotalsStore,
    LeadTotalsChecker,
    LeadEmailKeys,
    LeadEmailCounts,
    LeadSearchWords,
    LeadTimeline,
    ResponseTargetsStore,
    ResponseTargetsService,
    LeadOwnerRelease,
    BlocklistStore,
    RepeatedText,
    SpamFilter,
  ],
  exports: [
    LeadRegistry,
    LeadTotalsStore,
    LeadTotalsChecker,
    LeadEmailKeys,
    LeadEmailCounts,
    LeadSearchWords,
    LeadTimeline,
    ResponseTargetsService,
    SpamFilter,
    DatabaseModule,
  ],
})
export class LeadCoreModule {}
