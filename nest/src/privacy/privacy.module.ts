import { Module } from '@nestjs/common';

import { RetentionModule } from '../leads/retention/retention.module';

import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

@Module({
  imports: [RetentionModule],
  controllers: [PrivacyController],
  providers: [PrivacyService],
})
export class PrivacyModule {}
