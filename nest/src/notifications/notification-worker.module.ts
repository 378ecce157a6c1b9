import { Module } from '@nestjs/common';

import { LeadCoreModule } from '../leads/core/lead-core.module';
import { LeadKindsModule } from '../leads/lead-kinds.module';

import { NotificationWorker } from './notification-worker.service';
import { NotificationsModule } from './notifications.module';

/** The outbox's delivery, in the background: each due entry's lead read through its kind. */
@Module({
  imports: [NotificationsModule, LeadKindsModule, LeadCoreModule],
  providers: [NotificationWorker],
})
export class NotificationWorkerModule {}
