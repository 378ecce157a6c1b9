import { Body, Controller, Get, HttpStatus, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
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
@Controller()
export class ReplyTemplatesController {
  constructor(private readonly templates: ReplyTemplatesStore) {}

  @Get(REPLY_TEMPLATES_PATH)
  @AdminEndpoint({
    permission: 'leads.read',
    summary:
      'Every kind’s reply template, with placeholders {name}, {company}, {location}, {subject}',
    ok: ReplyTemplatesResponseDto,
  })
  async all(): Promise<ReplyTemplatesResponse> {
    return { success: true, templates: await this.templates.all() };
  }

  @Put(`${REPLY_TEMPLATES_PATH}/:kind`)
  @AdminEndpoint({
    permission: 'settings.leads',
    summary: 'Change one kind’s reply template; answers every kind’s',
    params: { kind: { type: 'string', enum: [...LEAD_KIND_KEYS] } },
    body: ReplyTemplateRequestDto,
    ok: ReplyTemplatesResponseDto,
    errors: {
      400: 'A missing, empty or too long subject or text; CR/LF in subject',
      404: 'No such kind',
    },
  })
  // Which kind only: a template is the team's text, but the log keeps no text at all.
  @Audited<{ params: { kind: LeadKindKey } }>('reply-templates-changed', ({ params }) => ({
    kind: params.kind,
    detail: { kind: params.kind },
  }))
  async change(
    @Param('kind') kind: string,
    @Body() body: ReplyTemplateRequestDto,
  ): Promise<ReplyTemplatesResponse> {
    if (!isKindKey(kind)) throw new ApiError(HttpStatus.NOT_FOUND, `No lead kind ${kind}`);
    return { success: true, templates: await this.templates.set(kind, body) };
  }
}

function isKindKey(value: string): value is LeadKindKey {
  return (LEAD_KIND_KEYS as readonly string[]).includes(value);
}
