import { Body, Controller, Delete, Get, Param, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { ObjectIdPipe } from '../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../common/validation';
import {
  ADMINS_PATH,
  type AdminListResponse,
  type CreateAdminResponse,
  PASSWORD_CHANGE_REQUIRED,
  REAUTH_REQUIRED,
} from '../contract';

import { AdminRemovals } from './admin-removals';
import { AdminService } from './admin.service';
import { AdminListResponseDto, CreateAdminDto, CreateAdminResponseDto } from './dto/admin.dto';
import { SuccessResponseDto } from './dto/change-password.dto';
import { NeedsFreshFactor } from './public.decorator';

/** Admins manage admins. Answers never hold a password hash or any other secret. */
@ApiTags('admins')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or revoked token' })
@ApiForbiddenResponse({ description: PASSWORD_CHANGE_REQUIRED })
@Controller(ADMINS_PATH)
export class AdminsController {
  constructor(
    private readonly admins: AdminService,
    private readonly audit: AuditService,
    private readonly removals: AdminRemovals,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every admin, oldest first' })
  @ApiOkResponse({ type: AdminListResponseDto })
  async list(): Promise<AdminListResponse> {
    return { success: true, admins: await this.admins.list() };
  }

  @Post()
  @NeedsFreshFactor()
  @ApiOperation({
    summary: 'Add an admin with an initial password, which they must change at first sign-in',
    description: 'Needs a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth).',
  })
  @ApiCreatedResponse({ type: CreateAdminResponseDto })
  @ApiBadRequestResponse({ description: 'Malformed body or a password the policy refuses' })
  @ApiConflictResponse({ description: 'An admin with this email already exists' })
  @ApiForbiddenResponse({ description: REAUTH_REQUIRED })
  async add(@Body() body: CreateAdminDto, @Req() request: Request): Promise<CreateAdminResponse> {
    const admin = await this.admins.add(body.email, body.password);
    await this.audit.record(request, {
      action: 'admin-added',
      ids: [admin.id],
      detail: { email: admin.email },
    });
    return { success: true, admin };
  }

  @Delete(':id')
  @NeedsFreshFactor()
  @ApiOperation({
    summary: "Remove an admin (yourself too, unless you're the last); their tokens stop working",
    description:
      'The leads they owned have no owner after it; each lead’s timeline records that (reason admin-removed). Needs a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth).',
  })
  @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiBadRequestResponse({ description: 'The id is not a 24-character hexadecimal id' })
  @ApiNotFoundResponse({ description: 'No admin with this id' })
  @ApiConflictResponse({ description: 'The last admin cannot be removed' })
  @ApiForbiddenResponse({ description: REAUTH_REQUIRED })
  async remove(
    @Param('id', ObjectIdPipe) id: string,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    const removed = await this.admins.remove(id);
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
