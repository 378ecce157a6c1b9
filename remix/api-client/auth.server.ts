import {
  AUTH_PATHS,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type CheckTokenResponse,
  type LoginRequest,
  type LoginResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isLogin = (body: unknown): body is LoginResponse =>
  hasSuccess('token')(body) && typeof body.token === 'string';

const isCheck = (body: unknown): body is CheckTokenResponse =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { success?: unknown }).success === 'boolean';

const isDone = hasSuccess();

export function login(
  credentials: LoginRequest,
  clientIp?: string,
): Promise<ApiOutcome<LoginResponse>> {
  return apiRequest(AUTH_PATHS.login, isLogin, { method: 'POST', body: credentials, clientIp });
}

/** Whether the token opens a session, and whether its admin must change password first. */
export function checkToken(token: string): Promise<ApiOutcome<CheckTokenResponse>> {
  return apiRequest(AUTH_PATHS.checkToken, isCheck, { method: 'POST', body: { token } });
}

/** The admin's new password; the answer's token replaces the session's (all others end). */
export function changePassword(
  passwords: ChangePasswordRequest,
  token: string,
): Promise<ApiOutcome<ChangePasswordResponse>> {
  return apiRequest(AUTH_PATHS.changePassword, isLogin, {
    method: 'POST',
    body: passwords,
    token,
  });
}

/** Revokes this session's token on the API. */
export function logout(token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(AUTH_PATHS.logout, isDone, { method: 'POST', token });
}

/** Revokes every token of the signed-in admin. */
export function logoutAll(token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(AUTH_PATHS.logoutAll, isDone, { method: 'POST', token });
}
