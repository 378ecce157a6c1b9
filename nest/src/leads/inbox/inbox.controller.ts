import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { INBOX_PATH, type InboxOverviewResponse } from '../../contract';

import { InboxOverviewDto } from './inbox.dto';
import { InboxService } from './inbox.service';

@ApiTags('inbox')
@Controller()
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get(INBOX_PATH)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Every kind’s totals and first page of active leads, in one call (the dashboard)',
    ok: InboxOverviewDto,
  })
  overview(): Promise<InboxOverviewResponse> {
    return this.inbox.overview();
  }
}
