import { Body, Controller, Delete, Get, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { Audited } from '../audit/audited.decorator';
import { ObjectIdPipe } from '../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../common/validation';
import {
  ADMINS_PATH,
  type AdminListResponse,
  type CreateAdminResponse,
  LAST_OWNER_REFUSAL,
  leadAccessText,
  sameLeadAccess,
  type UpdateAdminResponse,
} from '../contract';

import { AdminEndpoint } from './admin-endpoint.decorator';
import { AdminRemovals } from './admin-removals';
import { AdminService } from './admin.service';
import {
  AdminListResponseDto,
  CreateAdminDto,
  CreateAdminResponseDto,
  UpdateAdminDto,
  UpdateAdminResponseDto,
} from './dto/admin.dto';
import { SuccessResponseDto } from './dto/change-password.dto';

/** Admins manage admins. Answers never hold a password hash or any other secret. */
@ApiTags('admins')
@Controller(ADMINS_PATH)
export class AdminsController {
  constructor(
    private readonly admins: AdminService,
    private readonly audit: AuditService,
    private readonly removals: AdminRemovals,
  ) {}

  @Get()
  @AdminEndpoint({
    permission: 'admins.read',
    summary: 'Every admin, oldest first',
    ok: AdminListResponseDto,
  })
  async list(): Promise<AdminListResponse> {
    return { success: true, admins: await this.admins.list() };
  }

  @Post()
  @AdminEndpoint({
    permission: 'admins.manage',
    summary: 'Add an admin with an initial password, which they must change at first sign-in',
    description: 'Needs a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth).',
    freshFactor: true,
    status: 201,
    ok: CreateAdminResponseDto,
    errors: {
      400: 'Malformed body or a password the policy refuses',
      409: 'An admin with this email already exists',
    },
  })
  @Audited<{ result: CreateAdminResponse }>('admin-added', ({ result: { admin } }) => ({
    ids: [admin.id],
    detail: { email: admin.email, role: admin.role },
  }))
  async add(@Body() body: CreateAdminDto): Promise<CreateAdminResponse> {
    return { success: true, admin: await this.admins.add(body.email, body.password, body.role) };
  }

  @Patch(':id')
  @AdminEndpoint({
    permission: 'admins.manage',
    summary:
      'Change an admin’s role, their access to leads, or both: their rights change from their next request on',
    description:
      'Owners only. Needs a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth). Audited with the admin, the role or access before and after (role-changed, access-changed). Access names only the kinds it changes.',
    freshFactor: true,
    params: { id: OBJECT_ID_SCHEMA },
    body: UpdateAdminDto,
    ok: UpdateAdminResponseDto,
    errors: {
      400: 'The id is not a 24-character hexadecimal id, neither role nor access, or an unknown role, level or field',
      404: 'No admin with this id',
      409: LAST_OWNER_REFUSAL,
    },
  })
  async update(
    @Param('id', ObjectIdPipe) id: string,
    @Body() body: UpdateAdminDto,
    @Req() request: Request,
  ): Promise<UpdateAdminResponse> {
    const { before, after } = await this.admins.update(id, body);
    // Recorded here, not by @Audited: what was before is not in the answer.
    if (before.role !== after.role)
      await this.audit.record(request, {
        action: 'role-changed',
        ids: [after.id],
        detail: { email: after.email, from: before.role, to: after.role },
      });
    if (!sameLeadAccess(before.access, after.access))
      await this.audit.record(request, {
        action: 'access-changed',
        ids: [after.id],
        detail: {
          email: after.email,
          from: leadAccessText(before.access),
          to: leadAccessText(after.access),
        },
      });
    return { success: true, admin: after };
  }

  @Delete(':id')
  @AdminEndpoint({
    permission: 'admins.manage',
    summary: "Remove an admin (yourself too, unless you're the last); their tokens stop working",
    description:
      'The leads they owned have no owner after it; each lead’s timeline records that (reason admin-removed). Needs a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth).',
    freshFactor: true,
    params: { id: OBJECT_ID_SCHEMA },
    ok: SuccessResponseDto,
    errors: {
      400: 'The id is not a 24-character hexadecimal id',
      404: 'No admin with this id',
      409: `The last admin cannot be removed; nor can the last owner (${LAST_OWNER_REFUSAL})`,
    },
  })
  async remove(
    @Param('id', ObjectIdPipe) id: string,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    const removed = await this.admins.remove(id);
    // Recorded here, not by @Audited: before the removal's own consequences, and with the email
    // of the admin removed, which the answer does not hold.
    await this.audit.record(request, {
      action: 'admin-removed',
      ids: [removed.id],
      detail: { email: removed.email },
    });
    await this.removals.removed(
      { id: removed.id, email: removed.email },
      request.admin ? { id: request.admin.id, email: request.admin.email } : null,
    );
    return { success: true };
  }
}
