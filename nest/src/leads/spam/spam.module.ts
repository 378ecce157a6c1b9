import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { BlocklistController } from './blocklist.controller';
import { BLOCKLIST_MODEL, BlocklistSchema, BlocklistStore } from './blocklist.store';
import { RepeatedText } from './repeated-text';
import { SpamFilter } from './spam-filter';

/**
 * The spam filter every intake scores with (decision 0019), and the admins' blocklist it reads:
 * below the lead core, it knows a submission and its kind, never a stored lead.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: BLOCKLIST_MODEL, schema: BlocklistSchema }])],
  controllers: [BlocklistController],
  providers: [BlocklistStore, RepeatedText, SpamFilter],
  exports: [SpamFilter],
})
export class SpamModule {}
