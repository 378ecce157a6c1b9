import { Body, Controller, Get, HttpCode, Inject, Post, Query, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

import {
  type ArchiveResponse,
  type LeadKindDescriptor,
  type LeadListResponse,
} from '../../contract';

import { leadServiceToken } from './lead-service.token';
import {
  createLeadIdDto,
  createLeadResponseDtos,
  LeadListQueryDto,
  named,
  pascalCase,
} from './lead.dto';
import { LeadService } from './lead.service';

/**
 * Builds the admin controller of one lead kind: the four calls of spec section 7 under
 * `/<module>/<resource>`, all behind the app-wide JWT guard.
 */
export function createLeadController(kind: LeadKindDescriptor): Type {
  const { ListDto, ArchiveDto } = createLeadResponseDtos(kind);
  // A class declaration (not a const) so the parameter's design type, which the global
  // ValidationPipe validates against, is this kind's id DTO.
  class LeadIdBody extends createLeadIdDto(kind) {}
  named(LeadIdBody, `${pascalCase(kind)}IdBody`);
  const idOf = (body: LeadIdBody) => (body as Record<string, string>)[kind.idField] as string;
  const noun = `${kind.panelTitle.replace(/ Requests$/, '').toLowerCase()} request`;

  @ApiTags(kind.module)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
  @Controller(kind.module)
  class LeadController {
    constructor(@Inject(leadServiceToken(kind.key)) private readonly leads: LeadService) {}

    @Get(kind.resource)
    @ApiOperation({ summary: `Active ${noun}s, newest first` })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit, cursor or q' })
    async listActive(@Query() query: LeadListQueryDto): Promise<LeadListResponse> {
      return { success: true, ...(await this.leads.list('active', query)) };
    }

    @Get(`${kind.resource}/archived`)
    @ApiOperation({ summary: `Archived ${noun}s, most recently archived first` })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit, cursor or q' })
    async listArchived(@Query() query: LeadListQueryDto): Promise<LeadListResponse> {
      return { success: true, ...(await this.leads.list('archived', query)) };
    }

    @Post(`${kind.resource}/archive`)
    @HttpCode(200)
    @ApiOperation({ summary: `Archive a ${noun} (idempotent)` })
    @ApiBody({ type: LeadIdBody })
    @ApiOkResponse({ type: ArchiveDto })
    @ApiBadRequestResponse({ description: `Missing or malformed ${kind.idField}` })
    @ApiNotFoundResponse({ description: 'No such lead' })
    archive(@Body() body: LeadIdBody): Promise<ArchiveResponse> {
      return this.leads.archive(idOf(body));
    }

    @Post(`${kind.resource}/unarchive`)
    @HttpCode(200)
    @ApiOperation({ summary: `Move an archived ${noun} back to the inbox (idempotent)` })
    @ApiBody({ type: LeadIdBody })
    @ApiOkResponse({ type: ArchiveDto })
    @ApiBadRequestResponse({ description: `Missing or malformed ${kind.idField}` })
    @ApiNotFoundResponse({ description: 'No such lead' })
    unarchive(@Body() body: LeadIdBody): Promise<ArchiveResponse> {
      return this.leads.unarchive(idOf(body));
    }
  }
  return named(LeadController, `${pascalCase(kind)}Controller`);
}
