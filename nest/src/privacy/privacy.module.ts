import { Module } from '@nestjs/common';

import { LeadKindsModule } from '../leads/lead-kinds.module';
import { RetentionModule } from '../leads/retention/retention.module';
import { WorkModule } from '../leads/work/work.module';

import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

@Module({
  imports: [LeadKindsModule, WorkModule, RetentionModule],
  controllers: [PrivacyController],
  providers: [PrivacyService],
})
export class PrivacyModule {}
