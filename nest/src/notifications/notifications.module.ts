import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ChatAlertDelivery } from './chat/chat-alert-delivery';
import { ChatAlertQueue } from './chat/chat-alert-queue';
import { ChatAlertSettingsService } from './chat/chat-alert-settings';
import {
  CHAT_ALERT_SETTINGS_MODEL,
  ChatAlertSettingsSchema,
  ChatAlertSettingsStore,
} from './chat/chat-alert-settings.store';
import { ChatPoster } from './chat/chat-poster';
import { LeadNotifier } from './lead-notifier.service';
import { NotificationChannels } from './notification-channels';
import { NotificationWorker } from './notification-worker.service';
import { LeadNotification, LeadNotificationSchema } from './notification.schema';

@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LeadNotification.name, schema: LeadNotificationSchema },
      { name: CHAT_ALERT_SETTINGS_MODEL, schema: ChatAlertSettingsSchema },
    ]),
  ],
  providers: [
    NotificationChannels,
    LeadNotifier,
    NotificationWorker,
    ChatPoster,
    ChatAlertSettingsStore,
    ChatAlertSettingsService,
    ChatAlertQueue,
    ChatAlertDelivery,
  ],
  // The chat alerts' settings, for the settings page's controller to come.
  exports: [LeadNotifier, ChatAlertSettingsService, ChatPoster],
})
export class NotificationsModule {}
