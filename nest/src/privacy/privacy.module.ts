import { Module } from '@nestjs/common';

import { LeadConversationModule } from '../leads/conversation/conversation.module';
import { LeadKindsModule } from '../leads/lead-kinds.module';
import { MergeModule } from '../leads/merge/merge.module';
import { RetentionModule } from '../leads/retention/retention.module';
import { WorkModule } from '../leads/work/work.module';

import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

@Module({
  imports: [LeadKindsModule, WorkModule, RetentionModule, LeadConversationModule, MergeModule],
  controllers: [PrivacyController],
  providers: [PrivacyService],
})
export class PrivacyModule {}
