import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

import { AUDIT_PATH, type AuditPageResponse } from '../contract';

import { AuditPageDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get(AUDIT_PATH)
  @ApiOperation({ summary: 'Who did what, newest first (append-only: nothing changes an entry)' })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiBadRequestResponse({ description: 'Invalid limit or cursor' })
  async page(@Query() query: AuditQueryDto): Promise<AuditPageResponse> {
    return { success: true, ...(await this.audit.page(query)) };
  }
}
