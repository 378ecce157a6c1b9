import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LEAD_KIND_KEYS, LEAD_KINDS } from '../../contract';
import { LeadMailAdapter } from '../core/lead-mail.adapter';

import {
  ATTACHMENT_CHUNKS_MODEL,
  AttachmentChunkSchema,
  AttachmentStore,
} from './attachment.store';
import { createConversationController } from './conversation.controller';
import {
  CONVERSATION_HEADS_MODEL,
  ConversationHeadSchema,
  ConversationStore,
  MESSAGE_SLOTS_MODEL,
  MessageSlotSchema,
} from './conversation.store';
import { LeadConversation } from './lead-conversation';
import { LEAD_MAIL_PORT } from './lead-mail.port';
import {
  InstanceId,
  MESSAGE_RECEIPTS_MODEL,
  MessageReceipts,
  MessageReceiptSchema,
} from './message-receipts';
import { ReplyTokens } from './reply-tokens';

/**
 * Leads' conversations (issue 33): the messages both ways, their attachments, the receipts that
 * keep each once, and each kind's calls to read them. Global: the replies' sender (notifications)
 * and inbound mail add to them; the lead core is reached through LEAD_MAIL_PORT alone.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MESSAGE_SLOTS_MODEL, schema: MessageSlotSchema },
      { name: CONVERSATION_HEADS_MODEL, schema: ConversationHeadSchema },
      { name: ATTACHMENT_CHUNKS_MODEL, schema: AttachmentChunkSchema },
      { name: MESSAGE_RECEIPTS_MODEL, schema: MessageReceiptSchema },
    ]),
  ],
  controllers: LEAD_KIND_KEYS.map((key) => createConversationController(LEAD_KINDS[key])),
  providers: [
    ConversationStore,
    AttachmentStore,
    MessageReceipts,
    InstanceId,
    LeadConversation,
    ReplyTokens,
    { provide: LEAD_MAIL_PORT, useClass: LeadMailAdapter },
  ],
  exports: [
    ConversationStore,
    AttachmentStore,
    MessageReceipts,
    InstanceId,
    LeadConversation,
    ReplyTokens,
    LEAD_MAIL_PORT,
  ],
})
export class LeadConversationModule {}
