import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LeadRetention } from './lead-retention';
import { RETENTION_RUN_MODEL, RetentionRunSchema } from './retention-run.schema';

/** The daily deletion of leads past their retention (the lead core's registry does the work). */
@Module({
  imports: [MongooseModule.forFeature([{ name: RETENTION_RUN_MODEL, schema: RetentionRunSchema }])],
  providers: [LeadRetention],
  exports: [LeadRetention],
})
export class RetentionModule {}
