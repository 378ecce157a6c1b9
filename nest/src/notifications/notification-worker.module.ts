import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { LeadConversationModule } from '../leads/conversation/conversation.module';
import { LeadCoreModule } from '../leads/core/lead-core.module';
import { LeadKindsModule } from '../leads/lead-kinds.module';
import { TargetsModule } from '../leads/targets/targets.module';

import { FollowUpReturn } from './notification-worker-follow-up';
import { NotificationWorker } from './notification-worker.service';
import { NotificationsModule } from './notifications.module';

/**
 * The outbox's delivery, in the background: each due entry's lead read through its kind, its due
 * time against the kind's response target; a sent reply placed in the lead's conversation.
 */
@Module({
  imports: [
    // The owners' access to leads: "X wrote again" goes only to an owner who sees the lead.
    AuthModule,
    NotificationsModule,
    LeadKindsModule,
    LeadCoreModule,
    TargetsModule,
    LeadConversationModule,
  ],
  providers: [NotificationWorker, FollowUpReturn],
})
export class NotificationWorkerModule {}
