import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';

import { Endpoint, type EndpointOptions } from '../common/endpoint.decorator';
import {
  ADMIN_ROLES,
  API_KEY_FORBIDDEN,
  apiKeyRefusal,
  MFA_SETUP_REQUIRED,
  PASSWORD_CHANGE_REQUIRED,
  type Permission,
  REAUTH_REQUIRED,
  roleAllows,
} from '../contract';

import {
  AllowedWhileMfaSetupDue,
  AllowedWhilePasswordChangeDue,
  NeedsFreshFactor,
  Public,
  RequiresPermission,
} from './public.decorator';

/** The states of an admin in which the guard refuses all but a few routes (see JwtAuthGuard). */
export type AdminGate = 'password-change-due' | 'mfa-setup-due';

const GATES: Record<AdminGate, { refusal: string; allow: () => MethodDecorator }> = {
  'password-change-due': {
    refusal: PASSWORD_CHANGE_REQUIRED,
    allow: AllowedWhilePasswordChangeDue,
  },
  'mfa-setup-due': { refusal: MFA_SETUP_REQUIRED, allow: AllowedWhileMfaSetupDue },
};

/** The guard's 401, the same on every route behind it. */
export const TOKEN_REFUSED =
  'Missing, invalid, expired, revoked or idle (SESSION_IDLE_TIMEOUT) token, or an API key unknown, revoked or expired';

/** The guard's 429, on every route behind it: an API key past its rate. */
export const API_KEY_THROTTLED =
  'Too many requests with this API key (API_KEY_RATE_LIMIT a minute); see Retry-After';

export interface AdminEndpointOptions extends EndpointOptions {
  /** What the admin's role must allow (ROLE_PERMISSIONS); the guard answers 403 naming it. */
  permission: Permission;
  /** The gates this route stays open through: it is how an admin gets out of them. */
  allowedWhile?: readonly AdminGate[];
  /** A security change: the session must have checked a factor in the last 5 minutes. */
  freshFactor?: boolean;
}

/**
 * A route behind the app-wide JwtAuthGuard, whole: what the guard lets through (the permission
 * the admin's role must have, its gates and the fresh factor, marked for it here) and the OpenAPI operation, with the guard's own refusals
 * listed from the same marks: 401 for a token it does not take, and 403 for each gate that holds
 * (after the route's own 403, when it has one).
 */
export function AdminEndpoint(options: AdminEndpointOptions): MethodDecorator {
  const { permission, allowedWhile = [], freshFactor = false, errors = {}, ...endpoint } = options;
  const refusedTo = ADMIN_ROLES.filter((role) => !roleAllows(role, permission));
  const gates = Object.entries(GATES) as [AdminGate, (typeof GATES)[AdminGate]][];
  const forbidden = [
    ...new Set([
      ...(errors[403] ? [errors[403]] : []),
      ...(refusedTo.length > 0
        ? [`A role without the permission ${permission} (${refusedTo.join(', ')})`]
        : []),
      ...(API_KEY_FORBIDDEN.includes(permission) ? [apiKeyRefusal(permission)] : []),
      ...(freshFactor ? [REAUTH_REQUIRED] : []),
      ...gates.filter(([gate]) => !allowedWhile.includes(gate)).map(([, { refusal }]) => refusal),
    ]),
  ];
  return applyDecorators(
    RequiresPermission(permission),
    ...allowedWhile.map((gate) => GATES[gate].allow()),
    ...(freshFactor ? [NeedsFreshFactor()] : []),
    ApiBearerAuth(),
    Endpoint({
      ...endpoint,
      errors: {
        ...errors,
        401: errors[401] ?? TOKEN_REFUSED,
        429: errors[429] ?? API_KEY_THROTTLED,
        ...(forbidden.length > 0 ? { 403: forbidden.join(' Or: ') } : {}),
      },
    }),
  );
}

/** A route anyone may call, without a token: the guard lets it through. */
export function PublicEndpoint(options: EndpointOptions): MethodDecorator {
  return applyDecorators(Public(), Endpoint(options));
}
