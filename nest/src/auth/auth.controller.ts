import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../audit/audit.service';
import { ApiError } from '../common/api-error';
import { type CheckTokenResponse, type LoginResponse } from '../contract';

import { normaliseEmail } from './admin.service';
import { AuthService } from './auth.service';
import { CheckTokenDto, CheckTokenResponseDto } from './dto/check-token.dto';
import { LoginDto, LoginResponseDto } from './dto/login.dto';
import { Public } from './public.decorator';

@ApiTags('auth')
@Public()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({
    description: 'Too many failures for this email or address; see Retry-After',
  })
  @ApiBadRequestResponse({ description: 'Malformed body' })
  async login(@Body() body: LoginDto, @Req() request: Request): Promise<LoginResponse> {
    try {
      const { token, admin, mustChangePassword } = await this.auth.login(
        body.email,
        body.password,
        request.ip ?? 'unknown',
      );
      await this.audit.record(request, { action: 'sign-in', admin });
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

  @Post('check-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Tell whether a token is a valid admin session' })
  @ApiOkResponse({ type: CheckTokenResponseDto })
  @ApiBadRequestResponse({ description: 'Malformed body' })
  async checkToken(@Body() body: CheckTokenDto): Promise<CheckTokenResponse> {
    const session = await this.auth.checkToken(body.token);
    if (!session) return { success: false };
    return { success: true, ...(session.mustChangePassword ? { mustChangePassword: true } : {}) };
  }
}
