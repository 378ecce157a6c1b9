import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AdminEndpoint } from '../auth/admin-endpoint.decorator';
import { callerOf } from '../auth/request-admin';
import { AUDIT_PATH, type AuditPageResponse, roleAllows } from '../contract';

import { AuditPageDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get(AUDIT_PATH)
  @AdminEndpoint({
    permission: 'audit.read.own',
    summary:
      'Who did what, newest first (append-only: nothing changes an entry). Everyone’s actions with audit.read, else the caller’s own',
    ok: AuditPageDto,
    errors: { 400: 'Invalid limit or cursor' },
  })
  async page(@Query() query: AuditQueryDto, @Req() request: Request): Promise<AuditPageResponse> {
    // Whose actions follows from the caller's role alone, never from anything the caller sends;
    // an API key's own actions are those recorded under its id.
    const caller = callerOf(request);
    const by = roleAllows(caller.role, 'audit.read') ? undefined : caller.id;
    return { success: true, ...(await this.audit.page({ ...query, by })) };
  }
}
