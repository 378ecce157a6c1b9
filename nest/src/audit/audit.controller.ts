import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AdminEndpoint } from '../auth/admin-endpoint.decorator';
import { AUDIT_PATH, type AuditPageResponse } from '../contract';

import { AuditPageDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get(AUDIT_PATH)
  @AdminEndpoint({
    permission: 'audit.read',
    summary: 'Who did what, newest first (append-only: nothing changes an entry)',
    ok: AuditPageDto,
    errors: { 400: 'Invalid limit or cursor' },
  })
  async page(@Query() query: AuditQueryDto): Promise<AuditPageResponse> {
    return { success: true, ...(await this.audit.page(query)) };
  }
}
