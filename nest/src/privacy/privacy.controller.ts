import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import {
  PRIVACY_PATHS,
  type PrivacyEraseResponse,
  type PrivacyLeadsResponse,
  type RetentionPolicyResponse,
} from '../contract';
import { LeadRetention } from '../leads/retention/lead-retention';

import {
  PrivacyEmailDto,
  PrivacyEraseDto,
  PrivacyLeadsDto,
  RetentionPolicyDto,
} from './privacy.dto';
import { PrivacyService } from './privacy.service';

/**
 * A person's rights over the leads they sent: access (and a copy to take away) and erasure. The
 * audit log records both without the address: an erasure must not keep what it erased.
 */
@ApiTags('privacy')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@ApiBadRequestResponse({ description: 'Missing or malformed email' })
@Controller()
export class PrivacyController {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly audit: AuditService,
    private readonly retention: LeadRetention,
  ) {}

  /** Read-only, and holds nothing of anyone: not recorded in the audit log. */
  @Get(PRIVACY_PATHS.retention)
  @ApiOperation({
    summary: 'How long leads are kept: archived and spam leads past that are deleted daily',
  })
  @ApiOkResponse({ type: RetentionPolicyDto })
  retentionPolicy(): Promise<RetentionPolicyResponse> {
    return this.retention.policy();
  }

  @Get(PRIVACY_PATHS.leads)
  @ApiOperation({ summary: 'Every lead of one email address, across the four kinds' })
  @ApiOkResponse({ type: PrivacyLeadsDto })
  async leads(
    @Query() query: PrivacyEmailDto,
    @Req() request: Request,
  ): Promise<PrivacyLeadsResponse> {
    const answer = await this.privacy.leadsOf(query.email);
    await this.audit.record(request, { action: 'privacy-access', detail: { leads: answer.total } });
    return answer;
  }

  @Post(PRIVACY_PATHS.erase)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete every lead of one email address, active or archived' })
  @ApiOkResponse({ type: PrivacyEraseDto })
  async erase(
    @Body() body: PrivacyEmailDto,
    @Req() request: Request,
  ): Promise<PrivacyEraseResponse> {
    const answer = await this.privacy.erase(body.email);
    await this.audit.record(request, { action: 'erase', detail: { ...answer.erased } });
    return answer;
  }
}
