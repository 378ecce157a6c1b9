import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Audited } from '../audit/audited.decorator';
import { AdminEndpoint } from '../auth/admin-endpoint.decorator';
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

const MALFORMED_EMAIL = 'Missing or malformed email';

/**
 * A person's rights over the leads they sent: access (and a copy to take away) and erasure. The
 * audit log records both without the address: an erasure must not keep what it erased.
 */
@ApiTags('privacy')
@Controller()
export class PrivacyController {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly retention: LeadRetention,
  ) {}

  /** Read-only, and holds nothing of anyone: not recorded in the audit log. */
  @Get(PRIVACY_PATHS.retention)
  @AdminEndpoint({
    permission: 'retention',
    summary: 'How long leads are kept: archived and spam leads past that are deleted daily',
    ok: RetentionPolicyDto,
  })
  retentionPolicy(): Promise<RetentionPolicyResponse> {
    return this.retention.policy();
  }

  @Get(PRIVACY_PATHS.leads)
  @AdminEndpoint({
    permission: 'privacy',
    summary: 'Every lead of one email address, across the four kinds',
    ok: PrivacyLeadsDto,
    errors: { 400: MALFORMED_EMAIL },
  })
  @Audited<{ result: PrivacyLeadsResponse }>('privacy-access', ({ result }) => ({
    detail: { leads: result.total },
  }))
  leads(@Query() query: PrivacyEmailDto): Promise<PrivacyLeadsResponse> {
    return this.privacy.leadsOf(query.email);
  }

  @Post(PRIVACY_PATHS.erase)
  @AdminEndpoint({
    permission: 'privacy',
    summary: 'Delete every lead of one email address, active or archived',
    ok: PrivacyEraseDto,
    errors: { 400: MALFORMED_EMAIL },
  })
  @Audited<{ result: PrivacyEraseResponse }>('erase', ({ result }) => ({
    detail: { ...result.erased },
  }))
  erase(@Body() body: PrivacyEmailDto): Promise<PrivacyEraseResponse> {
    return this.privacy.erase(body.email);
  }
}
