import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AppConfig } from '../config/app-config';
import { INBOUND_PATHS } from '../contract';
import { DatabaseModule } from '../database/database.module';
import { LeadConversationModule } from '../leads/conversation/conversation.module';
import { NotificationsModule } from '../notifications/notifications.module';

import { ImapLease } from './imap/imap-lease.store';
import { ImapSource } from './imap/imap-source';
import { MailboxCursor } from './imap/mailbox-cursor.store';
import { InboundPipeline } from './inbound-pipeline';
import { MessageMatcher } from './message-matcher';
import { MessageParser } from './parsing/message-parser';
import { ReplySplitter } from './parsing/reply-splitter';
import { INBOUND_STATE_MODEL, InboundStateSchema } from './status/inbound-state.schema';
import { InboundStatusController } from './status/inbound-status.controller';
import { InboundStatus } from './status/inbound-status.store';
import { UnmatchedMessages } from './unmatched/unmatched-messages';
import { UnmatchedController } from './unmatched/unmatched.controller';
import { UNMATCHED_MODEL, UnmatchedSchema, UnmatchedStore } from './unmatched/unmatched.store';
import { InboundWebhookController } from './webhook/inbound-webhook.controller';
import { rawMessageBody } from './webhook/raw-message-body';

/**
 * Inbound mail (issue 33): the two sources (the IMAP mailbox, the raw-message webhook), the one
 * pipeline both feed, the Unmatched list and the status. Leads are reached through the
 * conversation module's LEAD_MAIL_PORT only.
 */
@Module({
  imports: [
    DatabaseModule,
    LeadConversationModule,
    NotificationsModule,
    MongooseModule.forFeature([
      { name: INBOUND_STATE_MODEL, schema: InboundStateSchema },
      { name: UNMATCHED_MODEL, schema: UnmatchedSchema },
    ]),
  ],
  controllers: [InboundWebhookController, UnmatchedController, InboundStatusController],
  providers: [
    ReplySplitter,
    MessageParser,
    MessageMatcher,
    InboundPipeline,
    InboundStatus,
    UnmatchedStore,
    UnmatchedMessages,
    ImapLease,
    MailboxCursor,
    ImapSource,
  ],
})
export class InboundModule implements NestModule {
  constructor(private readonly config: AppConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    const { webhookSecret: secret, maxBytes } = this.config.inbound;
    consumer
      .apply(rawMessageBody({ secret, maxBytes }))
      .forRoutes({ path: INBOUND_PATHS.webhook.slice(1), method: RequestMethod.POST });
  }
}
