import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { DatabaseModule } from '../../../database/database.module';

import {
  ATTACHMENT_CHUNKS_MODEL,
  AttachmentChunkSchema,
  AttachmentStore,
} from './attachment.store';
import { ConversationRemovals } from './conversation-removals';
import {
  CONVERSATION_HEADS_MODEL,
  ConversationHeadSchema,
  ConversationStore,
  MESSAGE_SLOTS_MODEL,
  MessageSlotSchema,
} from './conversation.store';
import {
  InstanceId,
  MESSAGE_RECEIPTS_MODEL,
  MessageReceipts,
  MessageReceiptSchema,
} from './message-receipts.store';
import { ReplyTokens } from './reply-tokens';

/**
 * Where leads' conversations are kept (issue 33): messages in slots, attachments in chunks, the
 * receipts that keep each message once, the replies' signed tokens. Below the lead core, as the
 * timeline is: it knows a lead by kind and id, never a stored lead. The core tells it of leads
 * that go (ConversationRemovals); the outbox records our replies' Message-IDs in it.
 */
@Module({
  imports: [
    DatabaseModule,
    MongooseModule.forFeature([
      { name: MESSAGE_SLOTS_MODEL, schema: MessageSlotSchema },
      { name: CONVERSATION_HEADS_MODEL, schema: ConversationHeadSchema },
      { name: ATTACHMENT_CHUNKS_MODEL, schema: AttachmentChunkSchema },
      { name: MESSAGE_RECEIPTS_MODEL, schema: MessageReceiptSchema },
    ]),
  ],
  providers: [
    ConversationStore,
    AttachmentStore,
    MessageReceipts,
    InstanceId,
    ReplyTokens,
    ConversationRemovals,
  ],
  exports: [
    ConversationStore,
    AttachmentStore,
    MessageReceipts,
    InstanceId,
    ReplyTokens,
    ConversationRemovals,
  ],
})
export class ConversationStoreModule {}
