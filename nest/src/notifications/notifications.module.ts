import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LeadNotifier } from './lead-notifier.service';
import { NotificationChannels } from './notification-channels';
import { NotificationWorker } from './notification-worker.service';
import { LeadNotification, LeadNotificationSchema } from './notification.schema';

@Global()
@Module({
  imports: [
    MongooseModule.forFeature([{ name: LeadNotification.name, schema: LeadNotificationSchema }]),
  ],
  providers: [NotificationChannels, LeadNotifier, NotificationWorker],
  exports: [LeadNotifier],
})
export class NotificationsModule {}
