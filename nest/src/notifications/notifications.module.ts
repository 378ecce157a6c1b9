import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { TimelineModule } from '../leads/timeline/timeline.module';

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
 * The durable outbox and its channels: what the lead core queues (a new lead, a reply) and how a
 * notification is sent. Below the lead core: it knows a lead by kind and id. The delivery, which
 * reads the leads, is NotificationWorkerModule's.
 */
@Module({
  imports: [
    TimelineModule,
    MongooseModule.forFeature([
      { name: LeadNotification.name, schema: LeadNotificationSchema },
      { name: PENDING_NOTIFICATION, schema: PendingNotificationSchema },
    ]),
  ],
  providers: [NotificationOutbox, NotificationChannels, LeadNotifier],
  exports: [LeadNotifier, NotificationOutbox, NotificationChannels],
})
export class NotificationsModule {}
