import { Body, Controller, Delete, Get, HttpStatus, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { Audited } from '../../audit/audited.decorator';
import { ApiError } from '../../common/api-error';
import {
  AUTH_PATHS,
  PASSKEY_ID_PATTERN,
  type PasskeyListResponse,
  type PasskeyOptionsResponse,
  type PasskeyRegisterResponse,
  type PasskeyResponse,
  REAUTH_REQUIRED,
} from '../../contract';
import { AdminEndpoint } from '../admin-endpoint.decorator';
import { SuccessResponseDto } from '../dto/change-password.dto';
import {
  PASSKEY_ID_SCHEMA,
  PasskeyListResponseDto,
  PasskeyOptionsResponseDto,
  PasskeyRegisterDto,
  PasskeyRegisterResponseDto,
  PasskeyRegistrationOptionsDto,
  PasskeyRenameDto,
  PasskeyResponseDto,
} from '../dto/passkey.dto';
import { hasSecondFactor, MfaService } from '../mfa/mfa.service';
import { ipOf } from '../mfa.controller';
import { sessionOf } from '../request-admin';
import { SessionStore } from '../sessions/session.store';

import { challengeKey, PasskeysService, summaryOf } from './passkeys.service';

const PASSKEY_PATH = `${AUTH_PATHS.mfaPasskeys}/:id`;

/** The signed-in admin's passkeys: registering, listing, naming and removing them. */
@ApiTags('auth')
@Controller()
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly mfa: MfaService,
    private readonly sessions: SessionStore,
    private readonly audit: AuditService,
  ) {}

  @Get(AUTH_PATHS.mfaPasskeys)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Your passkeys, oldest first',
    allowedWhile: ['mfa-setup-due'],
    ok: PasskeyListResponseDto,
  })
  async list(@Req() request: Request): Promise<PasskeyListResponse> {
    const records = await this.passkeys.listOf(String(sessionOf(request).admin._id));
    return { success: true, passkeys: records.map(summaryOf) };
  }

  @Post(AUTH_PATHS.mfaPasskeyRegistrationOptions)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Start registering a passkey: options for navigator.credentials.create()',
    description:
      'Your first second factor needs your password; one more needs a factor checked in the last 5 minutes (POST /auth/reauth). The challenge is good for one answer within 5 minutes.',
    allowedWhile: ['mfa-setup-due'],
    ok: PasskeyOptionsResponseDto,
    errors: {
      400: 'Malformed body, or a missing or wrong password',
      403: REAUTH_REQUIRED,
      429: 'Too many wrong passwords; see Retry-After',
    },
  })
  async registrationOptions(
    @Body() body: PasskeyRegistrationOptionsDto,
    @Req() request: Request,
  ): Promise<PasskeyOptionsResponse> {
    const { admin } = sessionOf(request);
    this.mayAddFactor(request);
    if (body.password !== undefined)
      await this.mfa.checkPassword(admin, body.password, ipOf(request));
    else if (!hasSecondFactor(admin))
      throw new ApiError(HttpStatus.BAD_REQUEST, 'Your password is required', {
        password: ['password is required for your first second factor'],
      });
    return { success: true, options: await this.passkeys.registrationOptions(admin) };
  }

  @Post(AUTH_PATHS.mfaPasskeys)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Register a passkey: its name and the answer of navigator.credentials.create()',
    description:
      'With your first second factor, when you have no recovery codes, the answer holds 10 of them (shown once).',
    allowedWhile: ['mfa-setup-due'],
    ok: PasskeyRegisterResponseDto,
    errors: {
      400: 'Malformed body, or an answer that does not verify (no or another challenge)',
      403: REAUTH_REQUIRED,
      409: 'This passkey is registered already',
    },
  })
  async register(
    @Body() body: PasskeyRegisterDto,
    @Req() request: Request,
  ): Promise<PasskeyRegisterResponse> {
    const { admin, jti } = sessionOf(request);
    this.mayAddFactor(request);
    const { record, recoveryCodes } = await this.passkeys
      .register(admin, body.name, body.response)
      .catch(async (error: unknown) => {
        if (error instanceof ApiError && error.getStatus() === 400)
          await this.audit.record(request, {
            action: 'mfa-failed',
            detail: { step: 'register', method: 'passkey' },
          });
        throw error;
      });
    // The passkey just verified its user: the session is fresh.
    await this.sessions.markVerified(jti);
    await this.audit.record(request, {
      action: 'passkey-added',
      detail: { passkeyId: record._id, recoveryCodes: recoveryCodes?.length ?? 0 },
    });
    return {
      success: true,
      passkey: summaryOf(record),
      ...(recoveryCodes ? { recoveryCodes } : {}),
    };
  }

  @Patch(PASSKEY_PATH)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Rename one of your passkeys',
    params: { id: PASSKEY_ID_SCHEMA },
    ok: PasskeyResponseDto,
    errors: { 400: 'Malformed body or id', 404: 'You have no passkey with this id' },
  })
  @Audited<{ result: PasskeyResponse }>('passkey-renamed', ({ result }) => ({
    detail: { passkeyId: result.passkey.id },
  }))
  async rename(
    @Param('id') id: string,
    @Body() body: PasskeyRenameDto,
    @Req() request: Request,
  ): Promise<PasskeyResponse> {
    const record = await this.passkeys.rename(sessionOf(request).admin, checkedId(id), body.name);
    return { success: true, passkey: summaryOf(record) };
  }

  @Delete(PASSKEY_PATH)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Remove one of your passkeys',
    description:
      'Needs a factor checked in the last 5 minutes (POST /auth/reauth). Refused (409) while ADMIN_MFA=required when it is your only second factor.',
    freshFactor: true,
    params: { id: PASSKEY_ID_SCHEMA },
    ok: SuccessResponseDto,
    errors: {
      400: 'The id is not a credential id',
      404: 'You have no passkey with this id',
      409: 'ADMIN_MFA=required and it is your only second factor',
    },
  })
  @Audited<{ params: { id: string } }>('passkey-removed', ({ params }) => ({
    detail: { passkeyId: params.id },
  }))
  async remove(@Param('id') id: string, @Req() request: Request): Promise<{ success: true }> {
    await this.passkeys.remove(sessionOf(request).admin, checkedId(id));
    return { success: true };
  }

  @Post(AUTH_PATHS.reauthPasskeyOptions)
  @AdminEndpoint({
    permission: 'account',
    summary: 'Options for navigator.credentials.get(), to confirm it is you with a passkey',
    description: 'Send the answer to POST /auth/reauth as `passkey` within 5 minutes.',
    // As POST /auth/reauth: an initial-password session older than 5 minutes confirms with it.
    allowedWhile: ['password-change-due'],
    ok: PasskeyOptionsResponseDto,
    errors: { 409: 'You have no passkey' },
  })
  async reauthOptions(@Req() request: Request): Promise<PasskeyOptionsResponse> {
    const { admin, jti } = sessionOf(request);
    const options = await this.passkeys.authenticationOptions(admin, challengeKey.reauth(jti));
    return { success: true, options };
  }

  /** A factor more, once there is one, is a change of the second factor: a fresh factor first. */
  private mayAddFactor(request: Request): void {
    const { admin, record } = sessionOf(request);
    if (hasSecondFactor(admin) && !this.sessions.isFresh(record))
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        REAUTH_REQUIRED,
        undefined,
        {},
        {
          reauthRequired: true,
        },
      );
  }
}

function checkedId(id: string): string {
  if (!PASSKEY_ID_PATTERN.test(id))
    throw new ApiError(HttpStatus.BAD_REQUEST, 'id must be a credential id (base64url)');
  return id;
}
