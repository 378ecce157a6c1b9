import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';

import { Endpoint, type EndpointOptions } from '../common/endpoint.decorator';
import { MFA_SETUP_REQUIRED, PASSWORD_CHANGE_REQUIRED, REAUTH_REQUIRED } from '../contract';

import {
  AllowedWhileMfaSetupDue,
  AllowedWhilePasswordChangeDue,
  NeedsFreshFactor,
  Public,
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
  'Missing, invalid, expired, revoked or idle (SESSION_IDLE_TIMEOUT) token';

export interface AdminEndpointOptions extends EndpointOptions {
  /** The gates this route stays open through: it is how an admin gets out of them. */
  allowedWhile?: readonly AdminGate[];
  /** A security change: the session must have checked a factor in the last 5 minutes. */
  freshFactor?: boolean;
  // The per-route permission of admin roles goes here: marked for the guard, its 403 documented.
}

/**
 * A route behind the app-wide JwtAuthGuard, whole: what the guard lets through (its gates and
 * the fresh factor, marked for it here) and the OpenAPI operation, with the guard's own refusals
 * listed from the same marks: 401 for a token it does not take, and 403 for each gate that holds
 * (after the route's own 403, when it has one).
 */
export function AdminEndpoint(options: AdminEndpointOptions): MethodDecorator {
  const { allowedWhile = [], freshFactor = false, errors = {}, ...endpoint } = options;
  const gates = Object.entries(GATES) as [AdminGate, (typeof GATES)[AdminGate]][];
  const forbidden = [
    ...new Set([
      ...(errors[403] ? [errors[403]] : []),
      ...(freshFactor ? [REAUTH_REQUIRED] : []),
      ...gates.filter(([gate]) => !allowedWhile.includes(gate)).map(([, { refusal }]) => refusal),
    ]),
  ];
  return applyDecorators(
    ...allowedWhile.map((gate) => GATES[gate].allow()),
    ...(freshFactor ? [NeedsFreshFactor()] : []),
    ApiBearerAuth(),
    Endpoint({
      ...endpoint,
      errors: {
        ...errors,
        401: errors[401] ?? TOKEN_REFUSED,
        ...(forbidden.length > 0 ? { 403: forbidden.join(' Or: ') } : {}),
      },
    }),
  );
}

/** A route anyone may call, without a token: the guard lets it through. */
export function PublicEndpoint(options: EndpointOptions): MethodDecorator {
  return applyDecorators(Public(), Endpoint(options));
}
