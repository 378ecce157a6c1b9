import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { INSIGHTS_PATH, INSIGHTS_RANGE, type InsightsResponse } from '../../contract';

import { InsightsQueryDto, InsightsResponseDto } from './insights.dto';
import { InsightsService } from './insights.service';

@ApiTags('insights')
@Controller()
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get(INSIGHTS_PATH)
  @AdminEndpoint({
    permission: 'insights.read',
    summary:
      'Leads per day (and week), by source, by stage, the won rate and the time to the first reply, per kind and in total; spam never counts',
    ok: InsightsResponseDto,
    errors: {
      400: `A date not written YYYY-MM-DD, to before from, over ${INSIGHTS_RANGE.maxDays} days, or an unknown time zone`,
    },
  })
  // Counts only: no lead's data is in the answer, and none in its entry.
  @Audited<{ query: InsightsQueryDto }>('insights', ({ query }) => ({
    detail: { from: query.from, to: query.to, tz: query.tz ?? INSIGHTS_RANGE.defaultTz },
  }))
  read(@Query() query: InsightsQueryDto): Promise<InsightsResponse> {
    return this.insights.insights(query.from, query.to, query.tz ?? INSIGHTS_RANGE.defaultTz);
  }
}
