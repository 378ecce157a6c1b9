import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { MERGE_RECORDS_MODEL, MergeRecordSchema } from './merge-record.schema';
import { MergeRecords } from './merge-records.store';

/**
 * Where merges are kept (issue 35). Below the lead core, as the timeline is: the core tells it of
 * leads that go (their merges' data goes with them).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: MERGE_RECORDS_MODEL, schema: MergeRecordSchema }])],
  providers: [MergeRecords],
  exports: [MergeRecords],
})
export class MergeStoreModule {}
