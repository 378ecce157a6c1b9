import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';

import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config';
import {
  API_KEY_FORBIDDEN,
  API_KEY_PREFIX,
  apiKeyRefusal,
  MFA_SETUP_REQUIRED,
  PASSWORD_CHANGE_REQUIRED,
  type Permission,
  permissionRefusal,
  REAUTH_REQUIRED,
  roleAllows,
  SESSION_TIMED_OUT,
} from '../contract';

import { actorOf, ApiKeysService } from './api-keys/api-keys.service';
import { hasSecondFactor } from './mfa/mfa.service';
import {
  ALLOWED_WHILE_MFA_SETUP_DUE,
  ALLOWED_WHILE_PASSWORD_CHANGE_DUE,
  IS_PUBLIC,
  NEEDS_FRESH_FACTOR,
  REQUIRED_PERMISSION,
} from './public.decorator';
import './request-admin';
import { type Admin } from './schemas/admin.schema';
import { SessionStore } from './sessions/session.store';
import { TokenService } from './token.service';

/**
 * App-wide guard: every route needs a valid admin bearer token unless marked @Public(). An admin
 * whose password change is due may call only the routes marked for that; then, while a second
 * factor is required and missing, only those marked for enrolling one. Then the admin's role must
 * have the route's permission (ROLE_PERMISSIONS). Security changes need a factor checked in the
 * last 5 minutes. A bearer starting `bmd_` is an API key instead (admitApiKey, decision 0036).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly config: AppConfig,
    private readonly apiKeys: ApiKeysService,
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
    const permission = this.reflector.get<Permission | undefined>(
      REQUIRED_PERMISSION,
      context.getHandler(),
    );
    if (token.startsWith(API_KEY_PREFIX)) return this.admitApiKey(request, token, permission);
    const session = await this.tokens.verify(token);
    if (session === 'idle') throw new ApiError(HttpStatus.UNAUTHORIZED, SESSION_TIMED_OUT);
    if (!session) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
    // The password first: enrolment needs the admin's own password.
    if (session.admin.mustChangePassword) {
      if (!marked(ALLOWED_WHILE_PASSWORD_CHANGE_DUE))
        throw new ApiError(HttpStatus.FORBIDDEN, PASSWORD_CHANGE_REQUIRED);
    } else if (this.mfaSetupDue(session.admin) && !marked(ALLOWED_WHILE_MFA_SETUP_DUE)) {
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        MFA_SETUP_REQUIRED,
        undefined,
        {},
        {
          mfaSetupRequired: true,
        },
      );
    }
    // The role as stored now (read with the session): a change holds from the next request on,
    // on every replica. RouteAccess made sure at start-up that every private route names one.
    if (!permission || !roleAllows(session.admin.role, permission))
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        permission
          ? permissionRefusal(session.admin.role, permission)
          : 'This route names no permission: refused',
      );
    if (marked(NEEDS_FRESH_FACTOR) && !this.sessions.isFresh(session.record))
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        REAUTH_REQUIRED,
        undefined,
        {},
        {
          reauthRequired: true,
        },
      );
    // Who did it, for the audit log.
    request.admin = { id: String(session.admin._id), email: session.admin.email };
    request.session = session;
    return true;
  }

  /**
   * A request with an API key: the key's record read now (revoked or expired: 401), throttled and
   * audited, then held to its role as an admin's session is, save the permissions no key has
   * (API_KEY_FORBIDDEN). A key has no password or factor, so no gate or fresh factor applies; every
   * route that asks for a fresh factor needs a permission no key has.
   */
  private async admitApiKey(
    request: Request,
    token: string,
    permission: Permission | undefined,
  ): Promise<true> {
    const key = await this.apiKeys.admit(token, request);
    if (!permission) throw new ApiError(HttpStatus.FORBIDDEN, 'This route names no permission');
    if (API_KEY_FORBIDDEN.includes(permission))
      throw new ApiError(HttpStatus.FORBIDDEN, apiKeyRefusal(permission));
    if (!roleAllows(key.role, permission))
      throw new ApiError(HttpStatus.FORBIDDEN, permissionRefusal(key.role, permission));
    request.admin = actorOf(key);
    request.apiKey = { id: key.id, name: key.name, role: key.role, access: key.access };
    return true;
  }

  /** ADMIN_MFA=required and the admin has no second factor yet. */
  mfaSetupDue(admin: Admin): boolean {
    return this.config.adminMfa === 'required' && !hasSecondFactor(admin);
  }
}
