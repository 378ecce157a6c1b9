import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { ApiError } from '../common/api-error';
import {
  AUTH_PATHS,
  type MfaStatusResponse,
  type RecoveryCodesResponse,
  REAUTH_REQUIRED,
  type TotpEnrolResponse,
} from '../contract';

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
import { AllowedWhileMfaSetupDue, NeedsFreshFactor } from './public.decorator';
import { sessionOf } from './request-admin';
import { SessionStore } from './sessions/session.store';

/** The signed-in admin's second factor: TOTP and its recovery codes. */
@ApiTags('auth')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or revoked token' })
@Controller()
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly sessions: SessionStore,
    private readonly audit: AuditService,
  ) {}

  @Get(AUTH_PATHS.mfa)
  @AllowedWhileMfaSetupDue()
  @ApiOperation({
    summary:
      'Your second factor: whether TOTP is set up, how many passkeys you have and how many recovery codes are left',
  })
  @ApiOkResponse({ type: MfaStatusResponseDto })
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
  @HttpCode(200)
  @AllowedWhileMfaSetupDue()
  @ApiOperation({
    summary: 'Start setting up TOTP: a new secret, pending until a code from it is confirmed',
    description:
      'Replacing a confirmed TOTP secret also needs a factor checked in the last 5 minutes (POST /auth/reauth).',
  })
  @ApiOkResponse({ type: TotpEnrolResponseDto })
  @ApiBadRequestResponse({ description: 'Malformed body or a wrong password (errors per field)' })
  @ApiForbiddenResponse({ description: REAUTH_REQUIRED })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong passwords; see Retry-After' })
  async enrol(@Body() body: TotpEnrolDto, @Req() request: Request): Promise<TotpEnrolResponse> {
    const { admin, record } = sessionOf(request);
    const fresh = this.sessions.isFresh(record);
    const { secret, otpauthUrl } = await this.mfa.enrol(admin, body.password, fresh, ipOf(request));
    return { success: true, secret, otpauthUrl };
  }

  @Post(AUTH_PATHS.mfaTotpConfirm)
  @HttpCode(200)
  @AllowedWhileMfaSetupDue()
  @ApiOperation({
    summary: 'Confirm the pending TOTP secret with a code from it: answers 10 recovery codes',
  })
  @ApiOkResponse({ type: RecoveryCodesResponseDto })
  @ApiBadRequestResponse({ description: 'Malformed body or a wrong code (errors per field)' })
  @ApiConflictResponse({ description: 'No TOTP secret is pending confirmation' })
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
  @AllowedWhileMfaSetupDue()
  @ApiOperation({
    summary: 'Remove TOTP, with the password and a code',
    description:
      'Refused (409) while ADMIN_MFA=required and you have no passkey: it is then your only second factor.',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiBadRequestResponse({ description: 'Malformed body, a wrong password or a wrong code' })
  @ApiConflictResponse({
    description: 'No TOTP to remove, or ADMIN_MFA=required and it is your only second factor',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong passwords or codes; see Retry-After' })
  async remove(@Body() body: TotpRemoveDto, @Req() request: Request): Promise<{ success: true }> {
    const { admin } = sessionOf(request);
    await this.failureAudited(request, 'remove', () =>
      this.mfa.remove(admin, body.password, body.code, ipOf(request)),
    );
    await this.audit.record(request, { action: 'mfa-removed', detail: { method: 'totp' } });
    return { success: true };
  }

  @Post(AUTH_PATHS.mfaRecoveryCodes)
  @HttpCode(200)
  @NeedsFreshFactor()
  @ApiOperation({
    summary: 'A new set of 10 recovery codes; the old ones stop working',
    description: 'Needs a factor checked in the last 5 minutes (POST /auth/reauth).',
  })
  @ApiOkResponse({ type: RecoveryCodesResponseDto })
  @ApiConflictResponse({ description: 'No second factor is set up' })
  @ApiForbiddenResponse({ description: REAUTH_REQUIRED })
  async renew(@Req() request: Request): Promise<RecoveryCodesResponse> {
    const recoveryCodes = await this.mfa.renewRecoveryCodes(sessionOf(request).admin);
    await this.audit.record(request, {
      action: 'recovery-codes-renewed',
      detail: { count: recoveryCodes.length },
    });
    return { success: true, recoveryCodes };
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
