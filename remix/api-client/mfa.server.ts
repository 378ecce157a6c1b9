import {
  AUTH_PATHS,
  type MfaStatusResponse,
  type PasskeyListResponse,
  type PasskeyOptionsResponse,
  type PasskeyRegisterRequest,
  type PasskeyRegisterResponse,
  type PasskeyResponse,
  type PasskeySummary,
  type ReauthRequest,
  type RecoveryCodesResponse,
  type TotpEnrolResponse,
  type TotpRemoveRequest,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isStatus = (body: unknown): body is MfaStatusResponse =>
  hasSuccess('totp', 'passkeys', 'recoveryCodesLeft')(body) &&
  typeof body.totp === 'boolean' &&
  typeof body.passkeys === 'number' &&
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

// --- passkeys ---------------------------------------------------------------------------------
const isPasskey = (value: unknown): value is PasskeySummary =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PasskeySummary).id === 'string' &&
  typeof (value as PasskeySummary).name === 'string' &&
  typeof (value as PasskeySummary).createdAt === 'string';

const isOptions = (body: unknown): body is PasskeyOptionsResponse =>
  hasSuccess('options')(body) && typeof body.options === 'object' && body.options !== null;

const isPasskeyList = (body: unknown): body is PasskeyListResponse =>
  hasSuccess('passkeys')(body) && Array.isArray(body.passkeys) && body.passkeys.every(isPasskey);

const isPasskeyAnswer = (body: unknown): body is PasskeyResponse =>
  hasSuccess('passkey')(body) && isPasskey(body.passkey);

const isRegistered = (body: unknown): body is PasskeyRegisterResponse =>
  isPasskeyAnswer(body) &&
  (!('recoveryCodes' in body) ||
    (Array.isArray(body.recoveryCodes) &&
      body.recoveryCodes.every((code) => typeof code === 'string')));

export function listPasskeys(token: string): Promise<ApiOutcome<PasskeyListResponse>> {
  return apiRequest(AUTH_PATHS.mfaPasskeys, isPasskeyList, { token });
}

/** The options of a registration ceremony (the password while the admin has no factor). */
export function passkeyRegistrationOptions(
  password: string | undefined,
  token: string,
): Promise<ApiOutcome<PasskeyOptionsResponse>> {
  return apiRequest(AUTH_PATHS.mfaPasskeyRegistrationOptions, isOptions, {
    method: 'POST',
    body: password === undefined ? {} : { password },
    token,
  });
}

export function registerPasskey(
  request: PasskeyRegisterRequest,
  token: string,
): Promise<ApiOutcome<PasskeyRegisterResponse>> {
  return apiRequest(AUTH_PATHS.mfaPasskeys, isRegistered, { method: 'POST', body: request, token });
}

const passkeyPath = (id: string) => `${AUTH_PATHS.mfaPasskeys}/${encodeURIComponent(id)}`;

export function renamePasskey(
  id: string,
  name: string,
  token: string,
): Promise<ApiOutcome<PasskeyResponse>> {
  return apiRequest(passkeyPath(id), isPasskeyAnswer, {
    method: 'PATCH',
    body: { name },
    token,
  });
}

export function removePasskey(id: string, token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(passkeyPath(id), hasSuccess(), { method: 'DELETE', token });
}

/** The options of a ceremony that confirms it is the signed-in admin (POST /auth/reauth). */
export function reauthPasskeyOptions(token: string): Promise<ApiOutcome<PasskeyOptionsResponse>> {
  return apiRequest(AUTH_PATHS.reauthPasskeyOptions, isOptions, { method: 'POST', token });
}

/** The options of the ceremony that finishes a sign-in (its mfaToken from the cookie). */
export function signInPasskeyOptions(
  mfaToken: string,
  clientIp?: string,
): Promise<ApiOutcome<PasskeyOptionsResponse>> {
  return apiRequest(AUTH_PATHS.mfaPasskeyOptions, isOptions, {
    method: 'POST',
    body: { mfaToken },
    clientIp,
  });
}
