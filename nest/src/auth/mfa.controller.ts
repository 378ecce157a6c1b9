import { Body, Controller, Delete, Get, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { Audited } from '../audit/audited.decorator';
import { ApiError } from '../common/api-error';
import {
  AUTH_PATHS,
  type MfaStatusResponse,
  type RecoveryCodesResponse,
  REAUTH_REQUIRED,
  type TotpEnrolResponse,
} from '../contract';

import { AdminEndpoint } from './admin-endpoint.decorator';
import { SuccessResponseDto } from './dto/change-password.dto';
import {
  MfaStatusResponseDto,
  RecoveryCodesResponseDto,
  TotpConfirmDto,
  TotpEnrolDto,
  TotpEnrolResponseDto,
  TotpRemoveDto,
} from './dto/mfa.dto';
import { hasSecondFactor, hasTotp, MfaService, USED_CODE, WRONG_CODE } from './mfa/mfa.service';
import { sessionOf } from './request-admin';
import { SessionStore } from './sessions/session.store';

/** The signed-in admin's second factor: TOTP and its recovery codes. */
@ApiTags('auth')
@Controller()
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly sessions: SessionStore,
    private readonly audit: AuditService,
  ) {}

  @Get(AUTH_PATHS.mfa)
  @AdminEndpoint({
    permission: 'account',
    summary:
      'Your second factor: whether TOTP is set up, how many passkeys you have and how many recovery codes are left',
    allowedWhile: ['mfa-setup-due'],
    ok: MfaStatusResponseDto,
  })
  status(@Req() request: Request): MfaStatusResponse {
    const { admin } = sessionOf(request);
    // Read from the admin the guard just loaded by _id: no query of its own.
    return {
      success: true,
      totp: hasTotp(admin),
      passkeys: admin.passkeyIds.length,
      recoveryCodesLeft: hasSecondFactor(admin) ? admin.recoveryCodeHashes.length : 0,
    };
  }

  @Post(AUTH_PATHS.mfaTotp)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Start setting up TOTP: a new secret, pending until a code from it is confirmed',
    description:
      'Replacing a confirmed TOTP secret also needs a factor checked in the last 5 minutes (POST /auth/reauth).',
    allowedWhile: ['mfa-setup-due'],
    ok: TotpEnrolResponseDto,
    errors: {
      400: 'Malformed body or a wrong password (errors per field)',
      403: REAUTH_REQUIRED,
      429: 'Too many wrong passwords; see Retry-After',
    },
  })
  async enrol(@Body() body: TotpEnrolDto, @Req() request: Request): Promise<TotpEnrolResponse> {
    const { admin, record } = sessionOf(request);
    const fresh = this.sessions.isFresh(record);
    const { secret, otpauthUrl } = await this.mfa.enrol(admin, body.password, fresh, ipOf(request));
    return { success: true, secret, otpauthUrl };
  }

  @Post(AUTH_PATHS.mfaTotpConfirm)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Confirm the pending TOTP secret with a code from it: answers 10 recovery codes',
    allowedWhile: ['mfa-setup-due'],
    ok: RecoveryCodesResponseDto,
    errors: {
      400: 'Malformed body or a wrong code (errors per field)',
      409: 'No TOTP secret is pending confirmation',
    },
  })
  async confirm(
    @Body() body: TotpConfirmDto,
    @Req() request: Request,
  ): Promise<RecoveryCodesResponse> {
    const { admin, jti } = sessionOf(request);
    const recoveryCodes = await this.failureAudited(request, 'confirm', () =>
      this.mfa.confirm(admin, body.code),
    );
    // The code just checked is a factor: the session is fresh.
    await this.sessions.markVerified(jti);
    await this.audit.record(request, {
      action: 'mfa-enrolled',
      detail: { method: 'totp', replaced: admin.totpSecret !== null },
    });
    return { success: true, recoveryCodes };
  }

  @Delete(AUTH_PATHS.mfaTotp)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Remove TOTP, with the password and a code',
    description:
      'Refused (409) while ADMIN_MFA=required and you have no passkey: it is then your only second factor.',
    allowedWhile: ['mfa-setup-due'],
    ok: SuccessResponseDto,
    errors: {
      400: 'Malformed body, a wrong password or a wrong code',
      409: 'No TOTP to remove, or ADMIN_MFA=required and it is your only second factor',
      429: 'Too many wrong passwords or codes; see Retry-After',
    },
  })
  @Audited('mfa-removed', () => ({ detail: { method: 'totp' } }))
  async remove(@Body() body: TotpRemoveDto, @Req() request: Request): Promise<{ success: true }> {
    const { admin } = sessionOf(request);
    await this.failureAudited(request, 'remove', () =>
      this.mfa.remove(admin, body.password, body.code, ipOf(request)),
    );
    return { success: true };
  }

  @Post(AUTH_PATHS.mfaRecoveryCodes)
  @AdminEndpoint({
    permission: 'account',
    summary: 'A new set of 10 recovery codes; the old ones stop working',
    description: 'Needs a factor checked in the last 5 minutes (POST /auth/reauth).',
    freshFactor: true,
    ok: RecoveryCodesResponseDto,
    errors: { 409: 'No second factor is set up' },
  })
  @Audited<{ result: RecoveryCodesResponse }>('recovery-codes-renewed', ({ result }) => ({
    detail: { count: result.recoveryCodes.length },
  }))
  async renew(@Req() request: Request): Promise<RecoveryCodesResponse> {
    return {
      success: true,
      recoveryCodes: await this.mfa.renewRecoveryCodes(sessionOf(request).admin),
    };
  }

  /** Runs `task`, recording a wrong code as a failed second factor. */
  private async failureAudited<T>(
    request: Request,
    step: string,
    task: () => Promise<T>,
  ): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof ApiError && [WRONG_CODE, USED_CODE].includes(error.message))
        await this.audit.record(request, { action: 'mfa-failed', detail: { step } });
      throw error;
    }
  }
}

export const ipOf = (request: Request): string => request.ip ?? 'unknown';
