import { Controller, Get } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

import { INBOX_PATH, type InboxOverviewResponse } from '../../contract';

import { InboxOverviewDto } from './inbox.dto';
import { InboxService } from './inbox.service';

@ApiTags('inbox')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get(INBOX_PATH)
  @ApiOperation({
    summary: 'Every kind’s totals and first page of active leads, in one call (the dashboard)',
  })
  @ApiOkResponse({ type: InboxOverviewDto })
  overview(): Promise<InboxOverviewResponse> {
    return this.inbox.overview();
  }
}
