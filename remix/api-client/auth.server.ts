import {
  AUTH_PATHS,
  isAdminRole,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type CheckTokenResponse,
  type LoginAnswer,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  type MfaVerifyRequest,
  type MfaVerifyResponse,
  TIME_ZONE_PATH,
  type TimeZoneRequest,
  type TimeZoneResponse,
} from '@contract';

import { type ApiOutcome, type ApiRequestOptions, apiRequest, hasSuccess } from './http.server';

const isLogin = (body: unknown): body is LoginResponse =>
  hasSuccess('token')(body) && typeof body.token === 'string';

/** A session, or (for an admin with a second factor) the challenge of the code step. */
const isLoginAnswer = (body: unknown): body is LoginAnswer =>
  isLogin(body) ||
  (typeof body === 'object' &&
    body !== null &&
    (body as { mfaRequired?: unknown }).mfaRequired === true &&
    typeof (body as { mfaToken?: unknown }).mfaToken === 'string');

const isCheck = (body: unknown): body is CheckTokenResponse =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { success?: unknown }).success === 'boolean';

const isDone = hasSuccess();

const isMe = (body: unknown): body is MeResponse =>
  hasSuccess('role', 'permissions', 'timeZone')(body) &&
  isAdminRole(body.role) &&
  Array.isArray(body.permissions) &&
  (body.timeZone === null || typeof body.timeZone === 'string');

/** Who is signing in, as the API's throttle and sessions list see them. */
export type SignInOrigin = Pick<ApiRequestOptions, 'clientIp' | 'userAgent'>;

export function login(
  credentials: LoginRequest,
  origin: SignInOrigin = {},
): Promise<ApiOutcome<LoginAnswer>> {
  return apiRequest(AUTH_PATHS.login, isLoginAnswer, {
    method: 'POST',
    body: credentials,
    ...origin,
  });
}

/** The sign-in's second step: the challenge's `mfaToken` and a TOTP or recovery code. */
export function verifyMfa(
  challenge: MfaVerifyRequest,
  origin: SignInOrigin = {},
): Promise<ApiOutcome<MfaVerifyResponse>> {
  return apiRequest(AUTH_PATHS.mfaVerify, isLogin, { method: 'POST', body: challenge, ...origin });
}

/** Who the token's admin is, their role and what it allows (the web offers only that). */
export function me(token: string): Promise<ApiOutcome<MeResponse>> {
  return apiRequest(AUTH_PATHS.me, isMe, { token });
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

/** The zone the admin's dates are shown in (one of the API's list), or null for the browser's. */
export function setTimeZone(
  body: TimeZoneRequest,
  token: string,
): Promise<ApiOutcome<Pick<TimeZoneResponse, 'success'>>> {
  return apiRequest(TIME_ZONE_PATH, isDone, { method: 'POST', body, token });
}
