import { pipeline } from 'node:stream/promises';

import {
  Body,
  Controller,
  Get,
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
import { ApiHeader, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';

import { AuditService } from '../../audit/audit.service';
import { AdminEndpoint, PublicEndpoint } from '../../auth/admin-endpoint.decorator';
import { AdminService } from '../../auth/admin.service';
import { ApiError } from '../../common/api-error';
import { type Refusals } from '../../common/endpoint.decorator';
import { named } from '../../common/named';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { PageQueryDto } from '../../common/page-query.dto';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  type AdminRef,
  type ArchiveRequest,
  archiveRequestIds,
  type ArchiveResponse,
  type CreateLeadRequest,
  type CreateLeadResponse,
  INTAKE_KEY_HEADER,
  type LeadAction,
  type LeadAssignRequest,
  type LeadIdsRequest,
  type LeadKind,
  type LeadKindKey,
  type LeadListResponse,
  type LeadResponse,
  type LeadStageRequest,
} from '../../contract';
import { ObjectId } from '../../database/object-id';
import { IntakeProof } from '../intake/intake-proof';
import { IntakeThrottleGuard } from '../intake/intake-throttle.guard';

import { CreateLeadResponseDto } from './create-lead.dto';
import { type ActionInput } from './lead-action-plan';
import { createLeadIdDto, LeadAssignDto, LeadIdsDto, LeadStageDto } from './lead-action.dto';
import { leadActionRoute, searchOf } from './lead-action.route';
import { csvStream } from './lead-csv';
import { LeadExportQueryDto, LeadListQueryDto } from './lead-list-query.dto';
import { leadServiceToken } from './lead-service.token';
import { createLeadResponseDtos, pascalCase } from './lead.dto';
import { LeadService } from './lead.service';
import { type ListOptions } from './list-view/lead-list-source';

/** A list's refusals: its query, and an assignee filter naming no admin. */
const LIST_ERRORS: Refusals = {
  400: 'Invalid limit, cursor or q',
  404: 'No admin with the assignee id',
};

/**
 * Builds the controller of one lead kind under `/<module>/<resource>`: the four admin calls of spec
 * section 7 behind the app-wide JWT guard, the panel's other lists and moves, and the public intake.
 */
export function createLeadController<K extends LeadKindKey>(
  kind: LeadKind<K>,
  createDto: Type<CreateLeadRequest<K>>,
): Type {
  const { ListDto, ArchiveDto, OneDto } = createLeadResponseDtos(kind);
  const idDto = createLeadIdDto(kind);
  const noun = `${kind.panelTitle.replace(/ Requests$/, '').toLowerCase()} request`;
  const ActionRoute = leadActionRoute(kind, ArchiveDto);

  @ApiTags(kind.module)
  @Controller(kind.module)
  class LeadController {
    constructor(
      @Inject(leadServiceToken(kind.key)) private readonly leads: LeadService<K>,
      private readonly audit: AuditService,
      private readonly admins: AdminService,
      private readonly proof: IntakeProof,
    ) {}

    @Post(kind.resource)
    @UseGuards(IntakeThrottleGuard)
    @PublicEndpoint({
      summary: `Submit a ${noun} (public; used by the landing page and the marketplace)`,
      description:
        'Answers 201 only once the database has acknowledged the write. Limited per visitor (INTAKE_RATE_LIMIT per INTAKE_RATE_TTL seconds).',
      body: createDto,
      status: 201,
      ok: CreateLeadResponseDto,
      errors: {
        400: 'A message per invalid field in `errors`; or, with INTAKE_PROOF=required, no valid `altcha` proof and no X-Intake-Key (the message says what to send)',
        401: `An ${INTAKE_KEY_HEADER} header that is not one of INTAKE_KEYS`,
        429: 'Too many submissions from this visitor; see Retry-After',
      },
    })
    @ApiHeader({
      name: INTAKE_KEY_HEADER,
      required: false,
      description: 'A trusted server-to-server sender’s secret (INTAKE_KEYS): skips the proof',
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
    @AdminEndpoint({
      permission: 'leads.read',
      summary: `Active ${noun}s, newest first`,
      ok: ListDto,
      errors: LIST_ERRORS,
    })
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
    @AdminEndpoint({
      permission: 'leads.read',
      summary: `Archived ${noun}s, most recently archived first`,
      ok: ListDto,
      errors: LIST_ERRORS,
    })
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
    @AdminEndpoint({
      permission: 'leads.read',
      summary: `${noun}s held as spam, most recently held first, each with its spamReasons`,
      ok: ListDto,
      errors: { 400: 'Invalid limit or cursor' },
    })
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
    @AdminEndpoint({
      permission: 'leads.export',
      summary: `Download a list of ${noun}s as CSV (streamed)`,
      ok: { description: "RFC 4180 CSV, safe read with , ; or tab: formulas get '" },
      errors: { 400: 'Unknown state, or a search that is too long or holds NUL' },
    })
    @ApiProduces('text/csv')
    async exportCsv(
      @Query() query: LeadExportQueryDto,
      @Req() request: Request,
      @Res() response: Response,
    ): Promise<void> {
      const state = query.state ?? 'active';
      // Recorded before the first byte (not as @Audited does, after): a download cut off midway
      // has still taken leads' data.
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
      await pipeline(records, csvStream(columns, query.tz), response);
    }

    @ActionRoute('archive', idDto, `Archive ${noun}s (idempotent): the spec's id field, or ids`)
    archive(@Body() body: ArchiveRequest<K>, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'archive', body);
    }

    @ActionRoute('unarchive', idDto, `Move archived ${noun}s back to the inbox (idempotent)`)
    unarchive(
      @Body() body: ArchiveRequest<K>,
      @Req() request: Request,
    ): Promise<ArchiveResponse<K>> {
      return this.act(request, 'unarchive', body);
    }

    @ActionRoute('read', LeadIdsDto, `Mark ${noun}s read (as opening them does)`)
    read(@Body() body: LeadIdsRequest, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'read', body);
    }

    @ActionRoute('unread', LeadIdsDto, `Mark ${noun}s unread again`)
    unread(@Body() body: LeadIdsRequest, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'unread', body);
    }

    @ActionRoute('delete', LeadIdsDto, `Delete archived ${noun}s permanently`, {
      409: 'One of them is active (archive it first); nothing deleted',
    })
    delete(@Body() body: LeadIdsRequest, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'delete', body);
    }

    @ActionRoute('spam', LeadIdsDto, `Move ${noun}s to Spam by hand (reason \`manual\`)`)
    spam(@Body() body: LeadIdsRequest, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'spam', body);
    }

    @ActionRoute('not-spam', LeadIdsDto, `Move spam ${noun}s to the inbox, and notify them then`)
    notSpam(@Body() body: LeadIdsRequest, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'not-spam', body);
    }

    @ActionRoute('stage', LeadStageDto, `Set the stage of ${noun}s (never archives them)`)
    stage(@Body() body: LeadStageRequest, @Req() request: Request): Promise<ArchiveResponse<K>> {
      return this.act(request, 'stage', body, { stage: body.stage });
    }

    @ActionRoute('assign', LeadAssignDto, `Give ${noun}s an owner, or clear it (adminId null)`)
    async assign(
      @Body() body: LeadAssignRequest,
      @Req() request: Request,
    ): Promise<ArchiveResponse<K>> {
      const assignee = body.adminId === null ? null : await this.adminRef(body.adminId);
      return this.act(request, 'assign', body, { assignee });
    }

    /** Acts on the leads a body names; `q` is the panel's search, for the answer's pages. */
    private act(request: Request, action: LeadAction, body: object, input: ActionInput = {}) {
      const ids = archiveRequestIds(kind, body as ArchiveRequest<K>);
      return this.leads.act(request.admin ?? null, action, ids, { q: searchOf(body), input });
    }

    /** An admin by id as an owner (404 for one that doesn't exist). */
    private async adminRef(id: string): Promise<AdminRef> {
      const admin = await this.admins.findById(id);
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, `No admin with id ${id}`);
      return { id: admin.id as string, email: admin.email };
    }

    // Last: `:id` must not take the names of the routes above.
    @Get(`${kind.resource}/:id`)
    @AdminEndpoint({
      permission: 'leads.read',
      summary: `One ${noun} with every stored field`,
      params: { id: OBJECT_ID_SCHEMA },
      ok: OneDto,
      errors: { 400: 'Malformed id', 404: 'No such lead' },
    })
    async findOne(@Param('id', ObjectIdPipe) id: string): Promise<LeadResponse<K>> {
      return { success: true, lead: await this.leads.findOne(id) };
    }
  }
  return named(LeadController, `${pascalCase(kind)}Controller`);
}
