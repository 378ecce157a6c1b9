import { Body, Controller, Get, HttpStatus, Param, Put, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { ApiError } from '../../common/api-error';
import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  REPLY_TEMPLATES_PATH,
  type ReplyTemplatesResponse,
} from '../../contract';

import { ReplyTemplateRequestDto, ReplyTemplatesResponseDto } from './reply-templates.dto';
import { ReplyTemplatesStore } from './reply-templates.store';

/** The reply form's starting text, one template per kind, that admins edit. */
@ApiTags('reply-templates')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class ReplyTemplatesController {
  constructor(
    private readonly templates: ReplyTemplatesStore,
    private readonly audit: AuditService,
  ) {}

  @Get(REPLY_TEMPLATES_PATH)
  @ApiOperation({
    summary:
      'Every kind’s reply template, with placeholders {name}, {company}, {location}, {subject}',
  })
  @ApiOkResponse({ type: ReplyTemplatesResponseDto })
  async all(): Promise<ReplyTemplatesResponse> {
    return { success: true, templates: await this.templates.all() };
  }

  @Put(`${REPLY_TEMPLATES_PATH}/:kind`)
  @ApiOperation({ summary: 'Change one kind’s reply template; answers every kind’s' })
  @ApiParam({ name: 'kind', enum: LEAD_KIND_KEYS })
  @ApiBody({ type: ReplyTemplateRequestDto })
  @ApiOkResponse({ type: ReplyTemplatesResponseDto })
  @ApiBadRequestResponse({
    description: 'A missing, empty or too long subject or text; CR/LF in subject',
  })
  @ApiNotFoundResponse({ description: 'No such kind' })
  async change(
    @Param('kind') kind: string,
    @Body() body: ReplyTemplateRequestDto,
    @Req() request: Request,
  ): Promise<ReplyTemplatesResponse> {
    if (!isKindKey(kind)) throw new ApiError(HttpStatus.NOT_FOUND, `No lead kind ${kind}`);
    const templates = await this.templates.set(kind, body);
    // Which kind only: a template is the team's text, but the log keeps no text at all.
    await this.audit.record(request, {
      action: 'reply-templates-changed',
      kind,
      detail: { kind },
    });
    return { success: true, templates };
  }
}

function isKindKey(value: string): value is LeadKindKey {
  return (LEAD_KIND_KEYS as readonly string[]).includes(value);
}
