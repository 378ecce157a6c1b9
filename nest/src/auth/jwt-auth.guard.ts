import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';

import { ApiError } from '../common/api-error';

import { IS_PUBLIC } from './public.decorator';
import './request-admin';
import { TokenService } from './token.service';

/** App-wide guard: every route needs a valid admin bearer token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'Authentication required');
    }
    const admin = await this.tokens.verify(token);
    if (!admin) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
    // Who did it, for the audit log.
    request.admin = { id: String(admin._id), email: admin.email };
    return true;
  }
}
