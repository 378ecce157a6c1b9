import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { SuccessResponseDto } from '../../auth/dto/change-password.dto';
import { callerOf } from '../../auth/request-admin';
import {
  DEFAULT_VIEWS,
  VIEW_NAME_MAX,
  VIEWS_MAX,
  VIEWS_ORDER_PATH,
  VIEWS_PATH,
  type ViewResponse,
  type ViewsResponse,
} from '../../contract';

import {
  CreateViewDto,
  UpdateViewDto,
  ViewOrderDto,
  ViewResponseDto,
  ViewsResponseDto,
} from './views.dto';
import { ViewsService } from './views.service';

const ID_PARAM = {
  id: {
    type: 'string',
    description: `A saved view’s id (24 hex); the defaults (${DEFAULT_VIEWS.map((v) => v.id).join(', ')}) are answered 409`,
  },
} as const;

const BODY_400 = `A message per invalid field in \`errors\`: a name missing, blank, over ${VIEW_NAME_MAX} characters or with control characters; a query \`GET /leads\` would refuse (its errors under \`query.<parameter>\`), or with \`limit\` or \`cursor\``;

type ViewCall = { result: ViewResponse; params: { id?: string } };
const audited = ({ result: { view } }: ViewCall) => ({
  ids: [view.id],
  detail: { view: view.name, scope: view.scope },
});

/** Saved views of the queue (issue 32): docs/queue.md#saved-views. */
@ApiTags('views')
@Controller()
export class ViewsController {
  constructor(
    private readonly views: ViewsService,
    private readonly audit: AuditService,
  ) {}

  @Get(VIEWS_PATH)
  @AdminEndpoint({
    permission: 'leads.read',
    summary:
      'Your views of the queue: the defaults, the team’s shared views and yours, in your order, each with its count',
    description:
      'A count is what the view’s list holds for your access, from the kept totals (never counted per request); null where the kept totals cannot say. See docs/queue.md.',
    ok: ViewsResponseDto,
  })
  async list(@Req() request: Request): Promise<ViewsResponse> {
    return { success: true, views: await this.views.list(callerOf(request)) };
  }

  @Post(VIEWS_PATH)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Save a view: a name and the queue’s filters, yours or (shared) the team’s',
    description: `At most ${VIEWS_MAX} views of yours, and ${VIEWS_MAX} shared. A shared view needs the permission settings.leads (owners, managers). Audited (view-created).`,
    status: 201,
    body: CreateViewDto,
    ok: ViewResponseDto,
    errors: {
      400: BODY_400,
      403: 'shared: true without the permission settings.leads',
      409: `A view of that name (case ignored) is yours (or the team’s) already, or is a default’s; or ${VIEWS_MAX} views are there already`,
    },
  })
  @Audited<ViewCall>('view-created', audited)
  async create(@Body() body: CreateViewDto, @Req() request: Request): Promise<ViewResponse> {
    return { success: true, view: await this.views.create(callerOf(request), body) };
  }

  @Put(VIEWS_ORDER_PATH)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Put your views in an order (yours alone: the team’s order is not changed)',
    description:
      'Ids of views you see, each once; those left out follow in their own order. Answers your views in the new order.',
    body: ViewOrderDto,
    ok: ViewsResponseDto,
    errors: { 400: 'ids not an array of view ids, an id of no view you see, or an id twice' },
  })
  async reorder(@Body() body: ViewOrderDto, @Req() request: Request): Promise<ViewsResponse> {
    return { success: true, views: await this.views.reorder(callerOf(request), body.ids) };
  }

  @Patch(`${VIEWS_PATH}/:id`)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Rename a view or change its filters',
    description:
      'Yours, or a shared one with the permission settings.leads. Audited (view-changed).',
    params: ID_PARAM,
    body: UpdateViewDto,
    ok: ViewResponseDto,
    errors: {
      400: `${BODY_400}; or neither name nor query`,
      403: 'A shared view, without the permission settings.leads',
      404: 'No view with this id that you see (another admin’s personal view is not seen)',
      409: 'A default view, or a name taken',
    },
  })
  @Audited<ViewCall>('view-changed', audited)
  async update(
    @Param('id') id: string,
    @Body() body: UpdateViewDto,
    @Req() request: Request,
  ): Promise<ViewResponse> {
    return { success: true, view: await this.views.update(callerOf(request), id, body) };
  }

  @Delete(`${VIEWS_PATH}/:id`)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Delete a view',
    description:
      'Yours, or a shared one with the permission settings.leads. Audited (view-deleted).',
    params: ID_PARAM,
    ok: SuccessResponseDto,
    errors: {
      403: 'A shared view, without the permission settings.leads',
      404: 'No view with this id that you see',
      409: 'A default view: they are built in',
    },
  })
  async remove(@Param('id') id: string, @Req() request: Request): Promise<{ success: true }> {
    const view = await this.views.remove(callerOf(request), id);
    // Recorded here, not by @Audited: the view's name is not in the answer.
    await this.audit.record(request, {
      action: 'view-deleted',
      ids: [view.id],
      detail: { view: view.name, scope: view.scope },
    });
    return { success: true };
  }
}
