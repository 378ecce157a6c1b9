import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { INBOUND_PATHS, type InboundStatusResponse } from '../../contract';

import { InboundStatusDto } from './inbound-status.dto';
import { InboundStatus } from './inbound-status.store';

@ApiTags('inbound')
@Controller()
export class InboundStatusController {
  constructor(private readonly status: InboundStatus) {}

  @Get(INBOUND_PATHS.status)
  @AdminEndpoint({
    permission: 'settings.leads',
    summary: 'How inbound mail stands: each channel, the last 24 hours, the last refusal',
    description:
      'A channel is `connected` only while its mailbox was looked into lately without error; a failing one says why in `lastError` (never "synced" while it fails).',
    ok: InboundStatusDto,
  })
  read(): Promise<InboundStatusResponse> {
    return this.status.read();
  }
}
