import { Controller, Get, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { INSIGHTS_PATH, INSIGHTS_RANGE, type InsightsResponse } from '../../contract';

import { InsightsQueryDto, InsightsResponseDto } from './insights.dto';
import { InsightsService } from './insights.service';

@ApiTags('insights')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class InsightsController {
  constructor(
    private readonly insights: InsightsService,
    private readonly audit: AuditService,
  ) {}

  @Get(INSIGHTS_PATH)
  @ApiOperation({
    summary:
      'Leads per day (and week), by source, by stage, the won rate and the time to the first reply, per kind and in total; spam never counts',
  })
  @ApiOkResponse({ type: InsightsResponseDto })
  @ApiBadRequestResponse({
    description: `A date not written YYYY-MM-DD, to before from, over ${INSIGHTS_RANGE.maxDays} days, or an unknown time zone`,
  })
  async read(@Query() query: InsightsQueryDto, @Req() request: Request): Promise<InsightsResponse> {
    const tz = query.tz ?? INSIGHTS_RANGE.defaultTz;
    const answer = await this.insights.insights(query.from, query.to, tz);
    // Counts only: no lead's data is in the answer, and none in its entry.
    await this.audit.record(request, {
      action: 'insights',
      detail: { from: query.from, to: query.to, tz },
    });
    return answer;
  }
}
