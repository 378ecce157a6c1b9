import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AdminRepository } from '../auth/admin.repository';
import { Admin, AdminSchema } from '../auth/schemas/admin.schema';
import { ConversationStoreModule } from '../leads/conversation/store/conversation-store.module';
import { TimelineModule } from '../leads/timeline/timeline.module';

import { ChatAlertDelivery } from './chat/chat-alert-delivery';
import { ChatAlertOutbox } from './chat/chat-alert-outbox.store';
import { ChatAlertQueue } from './chat/chat-alert-queue';
import { ChatAlertSettingsService } from './chat/chat-alert-settings';
import {
  CHAT_ALERT_SETTINGS_MODEL,
  ChatAlertSettingsSchema,
  ChatAlertSettingsStore,
} from './chat/chat-alert-settings.store';
import { ChatPoster } from './chat/chat-poster';
import {
  CHAT_WEBHOOKS_MODEL,
  ChatWebhookStore,
  ChatWebhooksSchema,
} from './chat/chat-webhook.store';
import { ChatWebhooks } from './chat/chat-webhooks';
import { FollowUpOutbox } from './follow-up-outbox.store';
import { LeadNotifier } from './lead-notifier.service';
import { NotificationChannels } from './notification-channels';
import { NotificationOutbox } from './notification-outbox.store';
import {
  LeadNotification,
  LeadNotificationSchema,
  PENDING_NOTIFICATION,
  PendingNotificationSchema,
} from './notification.schema';

/**
 * The durable outbox and its channels (webhook, email, replies, and the Slack and Teams chat
 * alerts): what the lead core queues (a new lead, a reply, an event of a lead) and how a
 * notification is sent. Below the lead core: it knows a lead by kind and id, or as the contract's
 * Lead. The delivery, which reads the leads, is NotificationWorkerModule's.
 */
@Module({
  imports: [
    TimelineModule,
    ConversationStoreModule,
    MongooseModule.forFeature([
      { name: LeadNotification.name, schema: LeadNotificationSchema },
      { name: PENDING_NOTIFICATION, schema: PendingNotificationSchema },
      { name: CHAT_ALERT_SETTINGS_MODEL, schema: ChatAlertSettingsSchema },
      { name: CHAT_WEBHOOKS_MODEL, schema: ChatWebhooksSchema },
      // The admins an email goes to: the zone each reads dates in.
      { name: Admin.name, schema: AdminSchema },
    ]),
  ],
  providers: [
    AdminRepository,
    NotificationOutbox,
    FollowUpOutbox,
    NotificationChannels,
    LeadNotifier,
    ChatPoster,
    ChatWebhookStore,
    ChatWebhooks,
    ChatAlertSettingsStore,
    ChatAlertSettingsService,
    ChatAlertOutbox,
    ChatAlertQueue,
    ChatAlertDelivery,
  ],
  // The chat alerts' settings, webhooks and poster also for their settings controllers.
  exports: [
    LeadNotifier,
    NotificationOutbox,
    FollowUpOutbox,
    NotificationChannels,
    ChatAlertOutbox,
    ChatAlertQueue,
    ChatAlertDelivery,
    ChatAlertSettingsService,
    ChatWebhooks,
    ChatPoster,
  ],
})
export class NotificationsModule {}
