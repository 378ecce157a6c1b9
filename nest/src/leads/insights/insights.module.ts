import { Module } from '@nestjs/common';

import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';

/** Figures across the four kinds (their parts come from the global LeadRegistry). */
@Module({ controllers: [InsightsController], providers: [InsightsService] })
export class InsightsModule {}
