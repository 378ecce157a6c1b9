import { pipeline } from 'node:stream/promises';

import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  Res,
  type Type,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Response } from 'express';

import { Public } from '../../auth/public.decorator';
import { ValidateBodyAs } from '../../common/validate-body-as.decorator';
import {
  type ArchiveRequest,
  archiveRequestId,
  type ArchiveResponse,
  type CreateLeadRequest,
  type CreateLeadResponse,
  type LeadKind,
  type LeadKindKey,
  type LeadListResponse,
} from '../../contract';

import { IntakeThrottleGuard } from './intake-throttle.guard';
import { csvStream } from './lead-csv';
import { leadServiceToken } from './lead-service.token';
import {
  createLeadIdDto,
  CreateLeadResponseDto,
  createLeadResponseDtos,
  LeadExportQueryDto,
  LeadListQueryDto,
  named,
  pascalCase,
} from './lead.dto';
import { LeadService } from './lead.service';

/**
 * Builds the controller of one lead kind under `/<module>/<resource>`: the four admin calls of spec
 * section 7 behind the app-wide JWT guard, and the public intake.
 */
export function createLeadController<K extends LeadKindKey>(
  kind: LeadKind<K>,
  createDto: Type<CreateLeadRequest<K>>,
): Type {
  const { ListDto, ArchiveDto } = createLeadResponseDtos(kind);
  const idDto = createLeadIdDto(kind);
  const noun = `${kind.panelTitle.replace(/ Requests$/, '').toLowerCase()} request`;

  @ApiTags(kind.module)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
  @Controller(kind.module)
  class LeadController {
    constructor(@Inject(leadServiceToken(kind.key)) private readonly leads: LeadService<K>) {}

    @Post(kind.resource)
    @Public()
    @ApiSecurity({})
    @UseGuards(IntakeThrottleGuard)
    @ApiOperation({
      summary: `Submit a ${noun} (public; used by the landing page and the marketplace)`,
      description:
        'Answers 201 only once the database has acknowledged the write. Limited per visitor (INTAKE_RATE_LIMIT per INTAKE_RATE_TTL seconds).',
    })
    @ApiBody({ type: createDto })
    @ValidateBodyAs(createDto)
    @ApiCreatedResponse({ type: CreateLeadResponseDto })
    @ApiBadRequestResponse({ description: 'A message per invalid field in `errors`' })
    @ApiTooManyRequestsResponse({
      description: 'Too many submissions from this visitor; see Retry-After',
    })
    async create(@Body() body: CreateLeadRequest<K>): Promise<CreateLeadResponse> {
      return {
        success: true,
        id: await this.leads.submit(body),
      };
    }

    @Get(kind.resource)
    @ApiOperation({ summary: `Active ${noun}s, newest first` })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit, cursor or q' })
    async listActive(@Query() query: LeadListQueryDto): Promise<LeadListResponse<K>> {
      return { success: true, ...(await this.leads.list('active', query)) };
    }

    @Get(`${kind.resource}/archived`)
    @ApiOperation({ summary: `Archived ${noun}s, most recently archived first` })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit, cursor or q' })
    async listArchived(@Query() query: LeadListQueryDto): Promise<LeadListResponse<K>> {
      return { success: true, ...(await this.leads.list('archived', query)) };
    }

    @Get(`${kind.resource}/export.csv`)
    @ApiOperation({ summary: `Download a list of ${noun}s as CSV (streamed)` })
    @ApiProduces('text/csv')
    @ApiOkResponse({ description: 'RFC 4180 CSV; formula-like cells are prefixed with a quote' })
    async exportCsv(@Query() query: LeadExportQueryDto, @Res() response: Response): Promise<void> {
      const state = query.state ?? 'active';
      const { columns, records } = this.leads.exportRecords(state, query.q);
      const date = new Date().toISOString().slice(0, 10);
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="${kind.resource}-${state}-${date}.csv"`,
      );
      response.setHeader('Cache-Control', 'no-store');
      await pipeline(records, csvStream(columns), response);
    }

    @Post(`${kind.resource}/archive`)
    @HttpCode(200)
    @ApiOperation({ summary: `Archive a ${noun} (idempotent)` })
    @ApiBody({ type: idDto })
    @ValidateBodyAs(idDto)
    @ApiOkResponse({ type: ArchiveDto })
    @ApiBadRequestResponse({ description: `Missing or malformed ${kind.idField}` })
    @ApiNotFoundResponse({ description: 'No such lead' })
    archive(@Body() body: ArchiveRequest<K>): Promise<ArchiveResponse<K>> {
      return this.leads.move('archive', archiveRequestId(kind, body));
    }

    @Post(`${kind.resource}/unarchive`)
    @HttpCode(200)
    @ApiOperation({ summary: `Move an archived ${noun} back to the inbox (idempotent)` })
    @ApiBody({ type: idDto })
    @ValidateBodyAs(idDto)
    @ApiOkResponse({ type: ArchiveDto })
    @ApiBadRequestResponse({ description: `Missing or malformed ${kind.idField}` })
    @ApiNotFoundResponse({ description: 'No such lead' })
    unarchive(@Body() body: ArchiveRequest<K>): Promise<ArchiveResponse<K>> {
      return this.leads.move('unarchive', archiveRequestId(kind, body));
    }
  }
  return named(LeadController, `${pascalCase(kind)}Controller`);
}
