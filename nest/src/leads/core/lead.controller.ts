import { pipeline } from 'node:stream/promises';

import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  type Type,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request, type Response } from 'express';

import { AuditService } from '../../audit/audit.service';
import { AdminService } from '../../auth/admin.service';
import { Public } from '../../auth/public.decorator';
import { ApiError } from '../../common/api-error';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { PageQueryDto } from '../../common/page-query.dto';
import { ValidateBodyAs } from '../../common/validate-body-as.decorator';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  type AdminRef,
  type ArchiveRequest,
  archiveRequestIds,
  type ArchiveResponse,
  type CreateLeadRequest,
  type CreateLeadResponse,
  INTAKE_KEY_HEADER,
  type LeadKind,
  type LeadAction,
  type LeadKindKey,
  type LeadListResponse,
  leadPaths,
  type LeadResponse,
} from '../../contract';
import { ObjectId } from '../../database/object-id';
import { IntakeProof } from '../intake/intake-proof';
import { IntakeThrottleGuard } from '../intake/intake-throttle.guard';

import { type ActionInput } from './lead-action-plan';
import { csvStream } from './lead-csv';
import { leadServiceToken } from './lead-service.token';
import {
  createLeadIdDto,
  CreateLeadResponseDto,
  createLeadResponseDtos,
  LeadExportQueryDto,
  LeadAssignDto,
  LeadIdsDto,
  LeadListQueryDto,
  LeadStageDto,
  named,
  pascalCase,
} from './lead.dto';
import { LeadService } from './lead.service';
import { type ListOptions } from './list-view/lead-list-view';

/**
 * Builds the controller of one lead kind under `/<module>/<resource>`: the four admin calls of spec
 * section 7 behind the app-wide JWT guard, and the public intake.
 */
export function createLeadController<K extends LeadKindKey>(
  kind: LeadKind<K>,
  createDto: Type<CreateLeadRequest<K>>,
): Type {
  const { ListDto, ArchiveDto, OneDto } = createLeadResponseDtos(kind);
  const idDto = createLeadIdDto(kind);
  /** A POST that acts on leads and answers as a move does. */
  const ActionRoute = (action: LeadAction, body: Type, summary: string) =>
    applyDecorators(
      Post(leadPaths(kind)[action].slice(kind.module.length + 2)),
      HttpCode(200),
      ApiOperation({ summary }),
      ApiBody({ type: body }),
      ValidateBodyAs(body),
      ApiOkResponse({ type: ArchiveDto, description: 'Both first pages and the totals' }),
      ApiBadRequestResponse({ description: 'Missing or malformed ids, or an invalid q' }),
      ApiNotFoundResponse({ description: 'A lead of these ids does not exist; nothing changed' }),
    );
  const noun = `${kind.panelTitle.replace(/ Requests$/, '').toLowerCase()} request`;

  @ApiTags(kind.module)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
  @Controller(kind.module)
  class LeadController {
    constructor(
      @Inject(leadServiceToken(kind.key)) private readonly leads: LeadService<K>,
      private readonly audit: AuditService,
      private readonly admins: AdminService,
      private readonly proof: IntakeProof,
    ) {}

    /** Acts on leads, then records who did it. `q` is the panel's search, for the answer. */
    private async act(
      request: Request,
      action: LeadAction,
      ids: readonly string[],
      q?: string,
      input: ActionInput = {},
    ) {
      const answer = await this.leads.act(request.admin ?? null, action, ids, { q, input });
      await this.audit.record(request, { action, kind: kind.key, ids, detail: auditDetail(input) });
      return answer;
    }

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
    @ApiBadRequestResponse({
      description:
        'A message per invalid field in `errors`; or, with INTAKE_PROOF=required, no valid `altcha` proof and no X-Intake-Key (the message says what to send)',
    })
    @ApiUnauthorizedResponse({
      description: `An ${INTAKE_KEY_HEADER} header that is not one of INTAKE_KEYS`,
    })
    @ApiHeader({
      name: INTAKE_KEY_HEADER,
      required: false,
      description: 'A trusted server-to-server sender’s secret (INTAKE_KEYS): skips the proof',
    })
    @ApiTooManyRequestsResponse({
      description: 'Too many submissions from this visitor; see Retry-After',
    })
    async create(
      @Body() body: CreateLeadRequest<K>,
      @Req() request: Request,
    ): Promise<CreateLeadResponse> {
      const proof = await this.proof.verdict(request, body);
      return {
        success: true,
        id: await this.leads.submit(body, { proof, address: request.ip ?? 'unknown' }),
      };
    }

    @Get(kind.resource)
    @ApiOperation({ summary: `Active ${noun}s, newest first` })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit, cursor or q' })
    @ApiNotFoundResponse({ description: 'No admin with the assignee id' })
    async listActive(
      @Query() query: LeadListQueryDto,
      @Req() request: Request,
    ): Promise<LeadListResponse<K>> {
      return {
        success: true,
        ...(await this.leads.list('active', await this.listOptions(query, request))),
      };
    }

    @Get(`${kind.resource}/archived`)
    @ApiOperation({ summary: `Archived ${noun}s, most recently archived first` })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit, cursor or q' })
    @ApiNotFoundResponse({ description: 'No admin with the assignee id' })
    async listArchived(
      @Query() query: LeadListQueryDto,
      @Req() request: Request,
    ): Promise<LeadListResponse<K>> {
      return {
        success: true,
        ...(await this.leads.list('archived', await this.listOptions(query, request))),
      };
    }

    @Get(`${kind.resource}/spam`)
    @ApiOperation({
      summary: `${noun}s held as spam, most recently held first, each with its spamReasons`,
    })
    @ApiOkResponse({ type: ListDto })
    @ApiBadRequestResponse({ description: 'Invalid limit or cursor' })
    async listSpam(@Query() query: PageQueryDto): Promise<LeadListResponse<K>> {
      return { success: true, ...(await this.leads.list('spam', query)) };
    }

    /** A list query as the view reads it: `assignee` as the owner's id (`me`: the admin asking). */
    private async listOptions(
      { assignee, ...query }: LeadListQueryDto,
      request: Request,
    ): Promise<ListOptions> {
      if (assignee === undefined) return query;
      if (assignee === 'none') return { ...query, assignee: null };
      const id = assignee === 'me' ? request.admin?.id : (await this.adminRef(assignee)).id;
      if (!id) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
      return { ...query, assignee: new ObjectId(id) };
    }

    @Get(`${kind.resource}/export.csv`)
    @ApiOperation({ summary: `Download a list of ${noun}s as CSV (streamed)` })
    @ApiProduces('text/csv')
    @ApiOkResponse({ description: 'RFC 4180 CSV; formula-like cells are prefixed with a quote' })
    @ApiBadRequestResponse({
      description: 'Unknown state, or a search that is too long or holds NUL',
    })
    async exportCsv(
      @Query() query: LeadExportQueryDto,
      @Req() request: Request,
      @Res() response: Response,
    ): Promise<void> {
      const state = query.state ?? 'active';
      await this.audit.record(request, {
        action: 'export',
        kind: kind.key,
        detail: { state, searched: Boolean(query.q) },
      });
      const { columns, records } = await this.leads.exportRecords(state, query.q);
      const date = new Date().toISOString().slice(0, 10);
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="${kind.resource}-${state}-${date}.csv"`,
      );
      response.setHeader('Cache-Control', 'no-store');
      await pipeline(records, csvStream(columns), response);
    }

    @ActionRoute('archive', idDto, `Archive ${noun}s (idempotent): the spec's id field, or ids`)
    archive(@Body() body: ArchiveRequest<K>, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'archive', archiveRequestIds(kind, body), searchOf(body));
    }

    @ActionRoute('unarchive', idDto, `Move archived ${noun}s back to the inbox (idempotent)`)
    unarchive(
      @Body() body: ArchiveRequest<K>,
      @Req() request: Request,
    ): Promise<ArchiveResponse<K>> {
      return this.act(request, 'unarchive', archiveRequestIds(kind, body), searchOf(body));
    }

    @ActionRoute('read', LeadIdsDto, `Mark ${noun}s read (as opening them does)`)
    read(@Body() body: LeadIdsDto, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'read', body.ids, body.q);
    }

    @ActionRoute('unread', LeadIdsDto, `Mark ${noun}s unread again`)
    unread(@Body() body: LeadIdsDto, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'unread', body.ids, body.q);
    }

    @ActionRoute('delete', LeadIdsDto, `Delete archived ${noun}s permanently`)
    @ApiConflictResponse({
      description: 'One of them is active (archive it first); nothing deleted',
    })
    delete(@Body() body: LeadIdsDto, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'delete', body.ids, body.q);
    }

    @ActionRoute('spam', LeadIdsDto, `Move ${noun}s to Spam by hand (reason \`manual\`)`)
    spam(@Body() body: LeadIdsDto, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'spam', body.ids, body.q);
    }

    @ActionRoute('not-spam', LeadIdsDto, `Move spam ${noun}s to the inbox, and notify them then`)
    notSpam(@Body() body: LeadIdsDto, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'not-spam', body.ids, body.q);
    }

    @ActionRoute('stage', LeadStageDto, `Set the stage of ${noun}s (never archives them)`)
    stage(@Body() body: LeadStageDto, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'stage', body.ids, body.q, { stage: body.stage });
    }

    @ActionRoute('assign', LeadAssignDto, `Give ${noun}s an owner, or clear it (adminId null)`)
    async assign(
      @Body() body: LeadAssignDto,
      @Req() request: Request,
    ): Promise<ArchiveResponse<K>> {
      const assignee = body.adminId === null ? null : await this.adminRef(body.adminId);
      return this.act(request, 'assign', body.ids, body.q, { assignee });
    }

    /** An admin by id as an owner (404 for one that doesn't exist). */
    private async adminRef(id: string): Promise<AdminRef> {
      const admin = await this.admins.findById(id);
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, `No admin with id ${id}`);
      return { id: admin.id as string, email: admin.email };
    }

    // Last: `:id` must not take the names of the routes above.
    @Get(`${kind.resource}/:id`)
    @ApiOperation({ summary: `One ${noun} with every stored field` })
    @ApiOkResponse({ type: OneDto })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiBadRequestResponse({ description: 'Malformed id' })
    @ApiNotFoundResponse({ description: 'No such lead' })
    async findOne(@Param('id', ObjectIdPipe) id: string): Promise<LeadResponse<K>> {
      return { success: true, lead: await this.leads.findOne(id) };
    }
  }
  return named(LeadController, `${pascalCase(kind)}Controller`);
}

/** An action's input as the audit log keeps it: the stage by name, an owner by id only. */
function auditDetail(input: ActionInput): Record<string, string> {
  return {
    ...(input.stage ? { stage: input.stage } : {}),
    ...(input.assignee !== undefined ? { assignee: input.assignee?.id ?? 'none' } : {}),
  };
}

/** The panel's search an archive/unarchive body carries (beside either of its id forms). */
function searchOf(body: object): string | undefined {
  const q: unknown = Reflect.get(body, 'q');
  return typeof q === 'string' ? q : undefined;
}
