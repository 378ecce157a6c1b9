import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { DatabaseModule } from '../../database/database.module';

import { LeadEmailKeys } from './lead-email-keys';
import { LeadRegistry } from './lead-registry';
import { LeadSearchWords } from './lead-search-words';
import { LeadTotalsChecker } from './list-view/lead-totals.checker';
import {
  LEAD_TOTALS_MODEL,
  LeadTotalsSchema,
  LeadTotalsStore,
} from './list-view/lead-totals.store';

/** What the four kind modules share: the kept totals, their checker and the registry of kinds. */
@Global()
@Module({
  imports: [
    DatabaseModule,
    MongooseModule.forFeature([{ name: LEAD_TOTALS_MODEL, schema: LeadTotalsSchema }]),
  ],
  providers: [LeadRegistry, LeadTotalsStore, LeadTotalsChecker, LeadEmailKeys, LeadSearchWords],
  exports: [
    LeadRegistry,
    LeadTotalsStore,
    LeadTotalsChecker,
    LeadEmailKeys,
    LeadSearchWords,
    DatabaseModule,
  ],
})
export class LeadCoreModule {}
