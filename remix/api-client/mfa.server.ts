import {
  AUTH_PATHS,
  type MfaStatusResponse,
  type ReauthRequest,
  type RecoveryCodesResponse,
  type TotpEnrolResponse,
  type TotpRemoveRequest,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isStatus = (body: unknown): body is MfaStatusResponse =>
  hasSuccess('totp', 'recoveryCodesLeft')(body) &&
  typeof body.totp === 'boolean' &&
  typeof body.recoveryCodesLeft === 'number';

const isEnrolment = (body: unknown): body is TotpEnrolResponse =>
  hasSuccess('secret', 'otpauthUrl')(body) &&
  typeof body.secret === 'string' &&
  typeof body.otpauthUrl === 'string';

const isRecoveryCodes = (body: unknown): body is RecoveryCodesResponse =>
  hasSuccess('recoveryCodes')(body) &&
  Array.isArray(body.recoveryCodes) &&
  body.recoveryCodes.every((code) => typeof code === 'string');

/** Whether the admin has TOTP, and how many recovery codes are left. */
export function mfaStatus(token: string): Promise<ApiOutcome<MfaStatusResponse>> {
  return apiRequest(AUTH_PATHS.mfa, isStatus, { token });
}

/** A pending TOTP secret, after the password; a code from it confirms it. */
export function enrolTotp(password: string, token: string): Promise<ApiOutcome<TotpEnrolResponse>> {
  return apiRequest(AUTH_PATHS.mfaTotp, isEnrolment, {
    method: 'POST',
    body: { password },
    token,
  });
}

/** Makes the pending secret the admin's factor: answers the recovery codes, shown once. */
export function confirmTotp(
  code: string,
  token: string,
): Promise<ApiOutcome<RecoveryCodesResponse>> {
  return apiRequest(AUTH_PATHS.mfaTotpConfirm, isRecoveryCodes, {
    method: 'POST',
    body: { code },
    token,
  });
}

export function removeTotp(
  request: TotpRemoveRequest,
  token: string,
): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(AUTH_PATHS.mfaTotp, hasSuccess(), { method: 'DELETE', body: request, token });
}

/** A new set of recovery codes; the old ones stop working. */
export function renewRecoveryCodes(token: string): Promise<ApiOutcome<RecoveryCodesResponse>> {
  return apiRequest(AUTH_PATHS.mfaRecoveryCodes, isRecoveryCodes, { method: 'POST', token });
}

/** Marks the session fresh for security changes (password, and the code once there is a factor). */
export function reauth(
  request: ReauthRequest,
  token: string,
): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(AUTH_PATHS.reauth, hasSuccess(), { method: 'POST', body: request, token });
}
