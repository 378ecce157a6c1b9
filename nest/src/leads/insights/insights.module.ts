import { Module } from '@nestjs/common';

import { LeadCoreModule } from '../core/lead-core.module';
import { LeadKindsModule } from '../lead-kinds.module';
import { TargetsModule } from '../targets/targets.module';

import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { KeptDaysReader } from './kept-days.reader';

/** Figures across the kinds (decision 0018): their arrivals and totals (LeadKinds), the targets. */
@Module({
  imports: [LeadKindsModule, LeadCoreModule, TargetsModule],
  controllers: [InsightsController],
  providers: [InsightsService, KeptDaysReader],
})
export class InsightsModule {}
