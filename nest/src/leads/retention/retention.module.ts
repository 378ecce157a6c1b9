import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LeadKindsModule } from '../lead-kinds.module';

import { LeadRetention } from './lead-retention';
import { RETENTION_RUN_MODEL, RetentionRunSchema } from './retention-run.schema';
import { RetentionRuns } from './retention-runs.store';

/** The daily deletion of leads past their retention, through each kind's people (LeadKinds). */
@Module({
  imports: [
    LeadKindsModule,
    MongooseModule.forFeature([{ name: RETENTION_RUN_MODEL, schema: RetentionRunSchema }]),
  ],
  providers: [LeadRetention, RetentionRuns],
  exports: [LeadRetention],
})
export class RetentionModule {}
