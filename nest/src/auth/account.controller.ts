import { Body, Controller, Delete, Get, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { Audited } from '../audit/audited.decorator';
import { ApiError } from '../common/api-error';
import {
  AUTH_PATHS,
  type ChangePasswordResponse,
  leadAccessOf,
  type MeResponse,
  ROLE_PERMISSIONS,
  type SessionListResponse,
  TIME_ZONE_PATH,
  type TimeZoneResponse,
} from '../contract';

import { AdminEndpoint } from './admin-endpoint.decorator';
import { AdminService } from './admin.service';
import { AuthService, originOf, WRONG_CURRENT_PASSWORD } from './auth.service';
import { MeResponseDto } from './dto/admin.dto';
import {
  ChangePasswordDto,
  ChangePasswordResponseDto,
  SuccessResponseDto,
} from './dto/change-password.dto';
import { ReauthDto } from './dto/mfa.dto';
import { SESSION_ID_SCHEMA, SessionListResponseDto } from './dto/session.dto';
import { TimeZoneDto, TimeZoneResponseDto } from './dto/time-zone.dto';
import { type CheckedFactor, hasSecondFactor, MfaService } from './mfa/mfa.service';
import { ipOf } from './mfa.controller';
import { challengeKey, PasskeysService } from './passkeys/passkeys.service';
import { sessionOf } from './request-admin';
import { SessionStore } from './sessions/session.store';
import { TokenDenyList } from './token-deny-list.store';

const SESSION_ID = new RegExp(SESSION_ID_SCHEMA.pattern);

/** The signed-in admin's own account: their password and their sessions. */
@ApiTags('auth')
@Controller()
export class AccountController {
  constructor(
    private readonly auth: AuthService,
    private readonly admins: AdminService,
    private readonly denyList: TokenDenyList,
    private readonly sessions: SessionStore,
    private readonly mfa: MfaService,
    private readonly passkeys: PasskeysService,
    private readonly audit: AuditService,
  ) {}

  @Get(AUTH_PATHS.me)
  @AdminEndpoint({
    permission: 'account',
    summary:
      'Who you are, your role, what it allows and which leads you see: the web offers only that',
    // Who is asking is no secret to the one asking, whatever they must do first.
    allowedWhile: ['password-change-due', 'mfa-setup-due'],
    ok: MeResponseDto,
  })
  me(@Req() request: Request): MeResponse {
    const { admin } = sessionOf(request);
    return {
      success: true,
      id: String(admin._id),
      email: admin.email,
      role: admin.role,
      access: leadAccessOf(admin.role, admin.access),
      permissions: [...ROLE_PERMISSIONS[admin.role]],
      timeZone: admin.timeZone ?? null,
    };
  }

  @Post(AUTH_PATHS.changePassword)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Change your own password; every session of yours ends and this one gets a new token',
    description: 'Needs a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth).',
    allowedWhile: ['password-change-due'],
    freshFactor: true,
    ok: ChangePasswordResponseDto,
    errors: {
      400: 'Malformed body, or a new password too short, too common or equal to the current one (errors per field)',
      403: `${WRONG_CURRENT_PASSWORD} (errors.currentPassword)`,
    },
  })
  @Audited('password-changed')
  async changePassword(
    @Body() body: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<ChangePasswordResponse> {
    const { admin } = sessionOf(request);
    const token = await this.auth.changePassword(
      admin,
      body.currentPassword,
      body.newPassword,
      originOf(request),
    );
    return { success: true, token };
  }

  @Post(AUTH_PATHS.reauth)
  @AdminEndpoint({
    permission: 'account',
    summary:
      'Confirm it is you: the password, and a code once you have a second factor; or a passkey',
    description:
      'Security changes (password, second factor, recovery codes, adding or removing an admin) are then allowed for 5 minutes in this session.',
    // An admin on an initial password whose sign-in is older than 5 minutes needs it to change it.
    allowedWhile: ['password-change-due'],
    ok: SuccessResponseDto,
    errors: {
      400: 'Malformed body, a wrong password, a missing or wrong code, or a passkey answer not accepted (errors per field)',
      429: 'Too many wrong passwords or codes; see Retry-After',
    },
  })
  async reauth(@Body() body: ReauthDto, @Req() request: Request): Promise<{ success: true }> {
    const { admin, jti } = sessionOf(request);
    const ip = ipOf(request);
    const failed = (method: 'code' | 'passkey') => async (error: unknown) => {
      await this.audit.record(request, {
        action: 'mfa-failed',
        detail: { step: 'reauth', method },
      });
      throw error;
    };
    if (body.password !== undefined) await this.mfa.checkPassword(admin, body.password, ip);
    let factor: CheckedFactor | null = null;
    if (body.passkey !== undefined) {
      const used = await this.passkeys
        .checkCounted(admin, challengeKey.reauth(jti), body.passkey, ip)
        .catch(failed('passkey'));
      factor = { method: 'passkey', passkeyId: used._id };
    } else if (hasSecondFactor(admin)) {
      if (body.code === undefined)
        throw new ApiError(HttpStatus.BAD_REQUEST, 'A code from your second factor is required', {
          code: [
            'code (or a passkey instead of the password) is required once you have a second factor',
          ],
        });
      factor = await this.mfa.checkCounted(admin, body.code, ip).catch(failed('code'));
    }
    if (factor?.method === 'recovery-code')
      await this.audit.record(request, {
        action: 'recovery-code-used',
        detail: { left: factor.left },
      });
    if (factor?.method === 'passkey')
      await this.audit.record(request, {
        action: 'passkey-used',
        detail: { passkeyId: factor.passkeyId, step: 'reauth' },
      });
    await this.sessions.markVerified(jti);
    await this.audit.record(request, {
      action: 'reauthenticated',
      ...(factor ? { detail: { factor: factor.method } } : {}),
    });
    return { success: true };
  }

  @Get(AUTH_PATHS.sessions)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Your sessions that still open: most recently used first',
    ok: SessionListResponseDto,
  })
  async listSessions(@Req() request: Request): Promise<SessionListResponse> {
    const { admin, jti } = sessionOf(request);
    const records = await this.sessions.listOf({
      id: String(admin._id),
      sessionVersion: admin.sessionVersion,
    });
    return {
      success: true,
      sessions: records.map((record) => ({
        id: record._id,
        createdAt: record.createdAt.toISOString(),
        lastSeenAt: record.lastSeenAt.toISOString(),
        ip: record.ip,
        userAgent: record.userAgent,
        current: record._id === jti,
      })),
    };
  }

  @Delete(`${AUTH_PATHS.sessions}/:id`)
  @AdminEndpoint({
    permission: 'account',
    summary: 'End one of your sessions: its token is refused from the next request on',
    params: { id: SESSION_ID_SCHEMA },
    ok: SuccessResponseDto,
    errors: { 400: 'The id is not a session id', 404: 'You have no session with this id' },
  })
  @Audited<{ params: { id: string } }>('session-ended', ({ request, params }) => ({
    detail: { current: params.id.toLowerCase() === sessionOf(request).jti },
  }))
  async endSession(@Param('id') id: string, @Req() request: Request): Promise<{ success: true }> {
    if (!SESSION_ID.test(id))
      throw new ApiError(HttpStatus.BAD_REQUEST, 'id must be a session id (a UUID)');
    const { admin } = sessionOf(request);
    if (!(await this.sessions.end(String(admin._id), id.toLowerCase())))
      throw new ApiError(HttpStatus.NOT_FOUND, 'You have no session with this id');
    return { success: true };
  }

  @Post(TIME_ZONE_PATH)
  @AdminEndpoint({
    permission: 'account',
    summary: "Choose the zone your dates are shown in, or null to follow your browser's",
    ok: TimeZoneResponseDto,
    errors: { 400: 'timeZone is missing or not an IANA zone of the list (errors.timeZone)' },
  })
  @Audited<{ body: TimeZoneDto }>('time-zone-changed', ({ body }) => {
    const detail: Record<string, string | boolean> = body.timeZone
      ? { timeZone: body.timeZone }
      : { followsBrowser: true };
    return { detail };
  })
  async setTimeZone(@Body() body: TimeZoneDto, @Req() request: Request): Promise<TimeZoneResponse> {
    await this.admins.setTimeZone(sessionOf(request).admin, body.timeZone);
    return { success: true, timeZone: body.timeZone };
  }

  @Post(AUTH_PATHS.logout)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Sign out: this token is refused from now on, even before it expires',
    allowedWhile: ['password-change-due', 'mfa-setup-due'],
    ok: SuccessResponseDto,
  })
  @Audited('sign-out')
  async logout(@Req() request: Request): Promise<{ success: true }> {
    const { admin, jti, expiresAt } = sessionOf(request);
    await this.denyList.revoke(jti, String(admin._id), expiresAt);
    await this.sessions.end(String(admin._id), jti);
    return { success: true };
  }

  @Post(AUTH_PATHS.logoutAll)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Sign out everywhere: every token of yours is refused from now on',
    ok: SuccessResponseDto,
  })
  @Audited('sign-out-everywhere')
  async logoutAll(@Req() request: Request): Promise<{ success: true }> {
    await this.admins.endAllSessions(sessionOf(request).admin);
    return { success: true };
  }
}
