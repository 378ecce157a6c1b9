import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LEAD_TIMELINE_MODEL, LeadTimelineSchema } from './lead-timeline.schema';
import { LeadTimeline } from './lead-timeline.store';

/**
 * Every lead's timeline (decision 0016), stored by the lead's id: the lead core appends what its
 * actions did, the work on a lead its notes and replies. Below the lead core: it knows a lead's id
 * and its kind's key, nothing else of it.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: LEAD_TIMELINE_MODEL, schema: LeadTimelineSchema }])],
  providers: [LeadTimeline],
  exports: [LeadTimeline],
})
export class TimelineModule {}
