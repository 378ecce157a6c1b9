import { Module } from '@nestjs/common';

import { LeadCoreModule } from '../core/lead-core.module';
import { LeadKindsModule } from '../lead-kinds.module';

import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';

/** The dashboard's overview across the kinds: their kept totals and first pages (LeadKinds). */
@Module({
  imports: [LeadKindsModule, LeadCoreModule],
  controllers: [InboxController],
  providers: [InboxService],
})
export class InboxModule {}
