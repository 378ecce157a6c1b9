import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { AUTH_PATHS, type ChangePasswordResponse, PASSWORD_CHANGE_REQUIRED } from '../contract';

import { AdminService } from './admin.service';
import { AuthService } from './auth.service';
import {
  ChangePasswordDto,
  ChangePasswordResponseDto,
  SuccessResponseDto,
} from './dto/change-password.dto';
import { AllowedWhilePasswordChangeDue } from './public.decorator';
import { TokenDenyList } from './token-deny-list.service';
import { type AdminSession } from './token.service';

/** The signed-in admin's own account: their password and their sessions. */
@ApiTags('auth')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or revoked token' })
@Controller()
export class AccountController {
  constructor(
    private readonly auth: AuthService,
    private readonly admins: AdminService,
    private readonly denyList: TokenDenyList,
    private readonly audit: AuditService,
  ) {}

  @Post(AUTH_PATHS.changePassword)
  @HttpCode(200)
  @AllowedWhilePasswordChangeDue()
  @ApiOperation({
    summary: 'Change your own password; every session of yours ends and this one gets a new token',
  })
  @ApiOkResponse({ type: ChangePasswordResponseDto })
  @ApiBadRequestResponse({
    description:
      'Malformed body, wrong current password, a new password too short, too common or equal to the current one (errors per field)',
  })
  async changePassword(
    @Body() body: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<ChangePasswordResponse> {
    const { admin } = sessionOf(request);
    const token = await this.auth.changePassword(admin, body.currentPassword, body.newPassword);
    await this.audit.record(request, { action: 'password-changed' });
    return { success: true, token };
  }

  @Post(AUTH_PATHS.logout)
  @HttpCode(200)
  @AllowedWhilePasswordChangeDue()
  @ApiOperation({ summary: 'Sign out: this token is refused from now on, even before it expires' })
  @ApiOkResponse({ type: SuccessResponseDto })
  async logout(@Req() request: Request): Promise<{ success: true }> {
    const { admin, jti, expiresAt } = sessionOf(request);
    await this.denyList.revoke(jti, String(admin._id), expiresAt);
    await this.audit.record(request, { action: 'sign-out' });
    return { success: true };
  }

  @Post(AUTH_PATHS.logoutAll)
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out everywhere: every token of yours is refused from now on' })
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiForbiddenResponse({ description: PASSWORD_CHANGE_REQUIRED })
  async logoutAll(@Req() request: Request): Promise<{ success: true }> {
    await this.admins.endAllSessions(sessionOf(request).admin);
    await this.audit.record(request, { action: 'sign-out-everywhere' });
    return { success: true };
  }
}

/** The guard has set it on every private route; its absence is a bug, not a client error. */
function sessionOf(request: Request): AdminSession {
  if (!request.session) throw new Error('no session on a private route');
  return request.session;
}
