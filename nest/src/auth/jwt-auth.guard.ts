import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';

import { ApiError } from '../common/api-error';
import { PASSWORD_CHANGE_REQUIRED } from '../contract';

import { ALLOWED_WHILE_PASSWORD_CHANGE_DUE, IS_PUBLIC } from './public.decorator';
import './request-admin';
import { TokenService } from './token.service';

/**
 * App-wide guard: every route needs a valid admin bearer token unless marked @Public(), and an
 * admin whose password change is due may call only the routes marked for that.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const marked = (key: string) =>
      this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]);
    if (marked(IS_PUBLIC)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'Authentication required');
    }
    const session = await this.tokens.verify(token);
    if (!session) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
    if (session.admin.mustChangePassword && !marked(ALLOWED_WHILE_PASSWORD_CHANGE_DUE))
      throw new ApiError(HttpStatus.FORBIDDEN, PASSWORD_CHANGE_REQUIRED);
    // Who did it, for the audit log.
    request.admin = { id: String(session.admin._id), email: session.admin.email };
    request.session = session;
    return true;
  }
}
