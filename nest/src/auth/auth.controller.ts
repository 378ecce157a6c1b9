import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config';
import {
  AUTH_PATHS,
  type CheckTokenResponse,
  type LoginAnswer,
  type MfaVerifyResponse,
  type PasskeyOptionsResponse,
} from '../contract';

import { PublicEndpoint } from './admin-endpoint.decorator';
import { normaliseEmail } from './admin.service';
import { AuthService, originOf, WrongSecondFactor } from './auth.service';
import { CheckTokenDto, CheckTokenResponseDto } from './dto/check-token.dto';
import { LoginDto, LoginResponseDto } from './dto/login.dto';
import { LoginMfaRequiredResponseDto, MfaVerifyDto, MfaVerifyResponseDto } from './dto/mfa.dto';
import { PasskeyChallengeDto, PasskeyOptionsResponseDto } from './dto/passkey.dto';
import { hasSecondFactor } from './mfa/mfa.service';

const THROTTLED = 'Too many failures for this email or address; see Retry-After';

/** Signing in, and telling whether a token is a session: the calls made without one. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  @Post(AUTH_PATHS.login)
  @PublicEndpoint({
    summary: 'Sign in with email and password',
    description:
      'An admin with a second factor gets no token here: `mfaRequired` with an `mfaToken` for POST /auth/mfa/verify.',
    ok: {
      schema: {
        oneOf: [
          { $ref: getSchemaPath(LoginResponseDto) },
          { $ref: getSchemaPath(LoginMfaRequiredResponseDto) },
        ],
      },
    },
    errors: { 400: 'Malformed body', 401: 'Invalid email or password', 429: THROTTLED },
  })
  @ApiExtraModels(LoginResponseDto, LoginMfaRequiredResponseDto)
  async login(@Body() body: LoginDto, @Req() request: Request): Promise<LoginAnswer> {
    try {
      const outcome = await this.auth.login(body.email, body.password, originOf(request));
      if ('mfaToken' in outcome)
        return {
          success: false,
          mfaRequired: true,
          mfaToken: outcome.mfaToken,
          methods: outcome.methods,
        };
      await this.audit.record(request, { action: 'sign-in', admin: outcome.admin });
      const { token, mustChangePassword } = outcome;
      return { success: true, token, ...(mustChangePassword ? { mustChangePassword } : {}) };
    } catch (error) {
      // Wrong credentials are recorded; a throttled attempt (429) was refused before any check.
      if (error instanceof ApiError && error.getStatus() === 401)
        await this.audit.record(request, {
          action: 'sign-in-failed',
          admin: { id: null, email: normaliseEmail(body.email) },
        });
      throw error;
    }
  }

  @Post(AUTH_PATHS.mfaVerify)
  @PublicEndpoint({
    summary: 'Finish a sign-in with a TOTP code, a recovery code or a passkey',
    description:
      'The `mfaToken` lasts 5 minutes and dies after 5 wrong codes or passkey answers; they count in the sign-in throttle. A passkey answers the challenge of POST /auth/mfa/passkey-options.',
    ok: MfaVerifyResponseDto,
    errors: {
      400: 'Malformed body',
      401: 'A wrong code, a passkey answer not accepted (wrong, used or no challenge), or an mfaToken that is unknown, expired or out of attempts',
      429: THROTTLED,
    },
  })
  async verify(@Body() body: MfaVerifyDto, @Req() request: Request): Promise<MfaVerifyResponse> {
    try {
      const { token, admin, factor } = await this.auth.verifySecondFactor(body, originOf(request));
      if (factor.method === 'passkey')
        await this.audit.record(request, {
          action: 'passkey-used',
          admin,
          detail: { passkeyId: factor.passkeyId, step: 'sign-in' },
        });
      if (factor.method === 'recovery-code')
        await this.audit.record(request, {
          action: 'recovery-code-used',
          admin,
          detail: { left: factor.left },
        });
      await this.audit.record(request, {
        action: 'sign-in',
        admin,
        detail: { factor: factor.method },
      });
      return { success: true, token };
    } catch (error) {
      if (error instanceof WrongSecondFactor)
        await this.audit.record(request, {
          action: 'mfa-failed',
          admin: error.admin,
          detail: { step: 'sign-in', method: error.method },
        });
      throw error;
    }
  }

  @Post(AUTH_PATHS.mfaPasskeyOptions)
  @PublicEndpoint({
    summary: 'Options for navigator.credentials.get(), to finish a sign-in with a passkey',
    description:
      'Send the answer with the same `mfaToken` to POST /auth/mfa/verify as `passkey`. The challenge is kept by the API and good for one answer.',
    ok: PasskeyOptionsResponseDto,
    errors: {
      400: 'Malformed body',
      401: 'An mfaToken that is unknown, expired or out of attempts',
      409: 'The admin has no passkey',
      429: THROTTLED,
    },
  })
  async passkeyOptions(
    @Body() body: PasskeyChallengeDto,
    @Req() request: Request,
  ): Promise<PasskeyOptionsResponse> {
    const options = await this.auth.passkeyOptions(
      body.mfaToken,
      originOf(request).ip ?? 'unknown',
    );
    return { success: true, options };
  }

  @Post(AUTH_PATHS.checkToken)
  @PublicEndpoint({
    summary: 'Tell whether a token is a valid admin session',
    ok: CheckTokenResponseDto,
    errors: { 400: 'Malformed body' },
  })
  async checkToken(@Body() body: CheckTokenDto): Promise<CheckTokenResponse> {
    const session = await this.auth.checkToken(body.token);
    if (session === 'idle') return { success: false, sessionTimedOut: true };
    if (!session) return { success: false };
    if (session.mustChangePassword) return { success: true, mustChangePassword: true };
    const setupDue = this.config.adminMfa === 'required' && !hasSecondFactor(session.admin);
    const { timeZone } = session.admin;
    return {
      success: true,
      ...(setupDue ? { mfaSetupRequired: true } : {}),
      ...(timeZone ? { timeZone } : {}),
    };
  }
}
