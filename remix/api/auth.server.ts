import { AUTH_PATHS, type LoginRequest, type LoginResponse } from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isLogin = (body: unknown): body is LoginResponse =>
  hasSuccess('token')(body) && typeof body.token === 'string';

export function login(
  credentials: LoginRequest,
  clientIp?: string,
): Promise<ApiOutcome<LoginResponse>> {
  return apiRequest(AUTH_PATHS.login, isLogin, { method: 'POST', body: credentials, clientIp });
}
