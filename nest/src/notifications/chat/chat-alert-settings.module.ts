import { Module } from '@nestjs/common';

import { NotificationsModule } from '../notifications.module';

import { ChatAlertTest } from './chat-alert-test';
import { ChatAlertsController } from './chat-alerts.controller';
import { ChatWebhooksController } from './chat-webhooks.controller';

/**
 * The Settings page's chat alerts: which events are posted (owners and managers), the webhooks
 * and the test message (owners). Above NotificationsModule, which keeps and posts them.
 */
@Module({
  imports: [NotificationsModule],
  controllers: [ChatAlertsController, ChatWebhooksController],
  providers: [ChatAlertTest],
})
export class ChatAlertSettingsModule {}
