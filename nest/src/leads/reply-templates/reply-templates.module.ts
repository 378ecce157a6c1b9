import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ReplyTemplatesController } from './reply-templates.controller';
import {
  REPLY_TEMPLATES_MODEL,
  ReplyTemplatesSchema,
  ReplyTemplatesStore,
} from './reply-templates.store';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: REPLY_TEMPLATES_MODEL, schema: ReplyTemplatesSchema }]),
  ],
  controllers: [ReplyTemplatesController],
  providers: [ReplyTemplatesStore],
})
export class ReplyTemplatesModule {}
