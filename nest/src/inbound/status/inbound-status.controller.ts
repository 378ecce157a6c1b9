import { Controller, Get } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

import { INBOUND_PATHS, type InboundStatusResponse } from '../../contract';

import { InboundStatusDto } from './inbound-status.dto';
import { InboundStatus } from './inbound-status.store';

@ApiTags('inbound')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class InboundStatusController {
  constructor(private readonly status: InboundStatus) {}

  @Get(INBOUND_PATHS.status)
  @ApiOperation({
    summary: 'How inbound mail stands: each channel, the last 24 hours, the last refusal',
    description:
      'A channel is `connected` only while its mailbox was looked into lately without error; a failing one says why in `lastError` (never "synced" while it fails).',
  })
  @ApiOkResponse({ type: InboundStatusDto })
  read(): Promise<InboundStatusResponse> {
    return this.status.read();
  }
}
