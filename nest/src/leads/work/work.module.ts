import { Module } from '@nestjs/common';

import { LEAD_KIND_KEYS, LEAD_KINDS } from '../../contract';
import { NotificationsModule } from '../../notifications/notifications.module';
import { LeadKindsModule } from '../lead-kinds.module';
import { TimelineModule } from '../timeline/timeline.module';

import { createLeadWorkController } from './lead-work.controller';
import { leadWorkProvider, LeadWorks, leadWorksProvider } from './lead-works';

/**
 * Working one lead of any kind beyond the list actions (issue 20): its timeline, notes, replies
 * and the person's other requests, one controller per kind beside the kind's list controller.
 * Built on each kind's parts; gives LeadWorks to what spans the kinds (privacy's timelines).
 */
@Module({
  imports: [LeadKindsModule, TimelineModule, NotificationsModule],
  controllers: LEAD_KIND_KEYS.map((key) => createLeadWorkController(LEAD_KINDS[key])),
  providers: [...LEAD_KIND_KEYS.map(leadWorkProvider), leadWorksProvider],
  exports: [LeadWorks],
})
export class WorkModule {}
