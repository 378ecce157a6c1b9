// --- auth -----------------------------------------------------------------------------------
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  success: true;
  token: string;
  /**
   * Present (true) when the admin signed in with an initial password someone else chose: until they
   * change it, every call but change-password, logout and check-token answers 403.
   */
  mustChangePassword?: true;
}
export interface CheckTokenRequest {
  token: string;
}
export interface CheckTokenResponse {
  success: boolean;
  /** With success: the token's admin must change their password before anything else. */
  mustChangePassword?: true;
  /** With success: ADMIN_MFA=required and the admin has no second factor yet: enrolment first. */
  mfaSetupRequired?: true;
  /** Without success: the session went unused longer than SESSION_IDLE_TIMEOUT. */
  sessionTimedOut?: true;
  /** With success: the zone the admin chose on the Account page (else the browser's is used). */
  timeZone?: string;
}

export const AUTH_PATHS = {
  login: '/auth/login',
  checkToken: '/auth/check-token',
  changePassword: '/auth/change-password',
  logout: '/auth/logout',
  logoutAll: '/auth/logout-all',
  mfa: '/auth/mfa',
  mfaTotp: '/auth/mfa/totp',
  mfaTotpConfirm: '/auth/mfa/totp/confirm',
  mfaRecoveryCodes: '/auth/mfa/recovery-codes',
  mfaVerify: '/auth/mfa/verify',
  mfaPasskeys: '/auth/mfa/passkeys',
  mfaPasskeyRegistrationOptions: '/auth/mfa/passkeys/registration-options',
  mfaPasskeyOptions: '/auth/mfa/passkey-options',
  reauth: '/auth/reauth',
  reauthPasskeyOptions: '/auth/reauth/passkey-options',
  sessions: '/auth/sessions',
  me: '/auth/me',
} as const;

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}
/** A fresh token: the change ends every other session of the admin, this one included. */
export interface ChangePasswordResponse {
  success: true;
  token: string;
}

/** The 403 every other call answers while an admin's password change is due. */
export const PASSWORD_CHANGE_REQUIRED =
  'You must change your initial password first (POST /auth/change-password).';

/** The 401 for a session unused longer than SESSION_IDLE_TIMEOUT (the web says so at sign-in). */
export const SESSION_TIMED_OUT = 'Your session timed out after a while without use: sign in again.';

// --- second factor --------------------------------------------------------------------------
/** Whether admins must have a second factor (`required`) or may (`optional`): ADMIN_MFA. */
export const ADMIN_MFA_MODES = ['required', 'optional'] as const;
export type AdminMfaMode = (typeof ADMIN_MFA_MODES)[number];

/** The second factors a sign-in can be finished with. */
export const MFA_METHODS = ['totp', 'passkey', 'recovery-code'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/**
 * The answer to a right password for an admin with a second factor: no session yet. The client
 * sends a code with `mfaToken` to POST /auth/mfa/verify within 5 minutes (at most 5 wrong codes).
 */
export interface LoginMfaRequiredResponse {
  success: false;
  mfaRequired: true;
  mfaToken: string;
  methods: MfaMethod[];
}
/** What POST /auth/login answers with 200. */
export type LoginAnswer = LoginResponse | LoginMfaRequiredResponse;

/** Exactly one of `code` and `passkey`. */
export interface MfaVerifyRequest {
  mfaToken: string;
  /** A 6-digit TOTP code or one of the recovery codes (hyphens and spaces ignored). */
  code?: string;
  /** A passkey's answer to the challenge of POST /auth/mfa/passkey-options (WebAuthn JSON). */
  passkey?: PasskeyAuthenticationJson;
}
/**
 * The 401 of POST /auth/mfa/verify when the `mfaToken` is unknown, expired or out of attempts: the
 * web goes back to the password step with it (a wrong code answers 401 with another message).
 */
export const MFA_CHALLENGE_GONE =
  'This sign-in has expired or had too many wrong codes: sign in with your password again';
/** The session, as a sign-in without a second factor answers it. */
export interface MfaVerifyResponse {
  success: true;
  token: string;
}

/** Starts TOTP enrolment; the secret stays pending until a code from it is confirmed. */
export interface TotpEnrolRequest {
  password: string;
}
export interface TotpEnrolResponse {
  success: true;
  /** Base32, for typing into an authenticator app. */
  secret: string;
  /** The same as an `otpauth://totp/…` URL, for a QR code. */
  otpauthUrl: string;
}
export interface TotpConfirmRequest {
  code: string;
}
/** Shown once: the API keeps only their hashes. */
export interface RecoveryCodesResponse {
  success: true;
  recoveryCodes: string[];
}
export interface TotpRemoveRequest {
  password: string;
  code: string;
}
/** The signed-in admin's second factor as the Account page shows it (GET /auth/mfa). */
export interface MfaStatusResponse {
  success: true;
  /** A confirmed TOTP secret (a pending one does not count). */
  totp: boolean;
  /** Unused recovery codes: 0 without a factor. */
  recoveryCodesLeft: number;
  /** How many passkeys the admin has (GET /auth/mfa/passkeys lists them). */
  passkeys: number;
}
/** At this many recovery codes left or fewer, the Account page asks for a new set. */
export const RECOVERY_CODES_LOW = 2;
/** The longest `code` or `mfaToken` accepted (a recovery code typed with spaces is about 30). */
export const MFA_FIELD_MAX = 128;
/** The number of recovery codes each set holds. */
export const RECOVERY_CODE_COUNT = 10;

/** How long a checked factor lets security changes through without asking again. */
export const REAUTH_WINDOW_MINUTES = 5;
/**
 * The password with a TOTP or recovery code (the code only once the admin has a second factor), or
 * a passkey alone: a passkey checks its user itself (user verification), so it is two factors.
 */
export interface ReauthRequest {
  password?: string;
  /** A TOTP or recovery code: required with the password once the admin has a second factor. */
  code?: string;
  /** A passkey's answer to the challenge of POST /auth/reauth/passkey-options (WebAuthn JSON). */
  passkey?: PasskeyAuthenticationJson;
}

// --- passkeys (WebAuthn) ---------------------------------------------------------------------
/**
 * WebAuthn's JSON forms, as browsers' `PublicKeyCredential.toJSON()` and @simplewebauthn/browser
 * give them. Only their outline is stated here: the server library checks the rest.
 */
export interface PasskeyRegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    attestationObject: string;
    transports?: string[];
    [field: string]: unknown;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}
export interface PasskeyAuthenticationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}
/**
 * The options for `navigator.credentials.create()` / `.get()` in WebAuthn's JSON form (what
 * `PublicKeyCredential.parseCreationOptionsFromJSON()` and @simplewebauthn/browser take). Their
 * challenge is kept by the API, used once, for 5 minutes.
 */
export interface PasskeyOptionsResponse {
  success: true;
  options: Record<string, unknown>;
}
/** Password: needed while the admin has no second factor (else a fresh factor is). */
export interface PasskeyRegistrationOptionsRequest {
  password?: string;
}
export interface PasskeyRegisterRequest {
  /** What the admin calls it ("YubiKey", "This laptop"). */
  name: string;
  response: PasskeyRegistrationJson;
}
export interface PasskeySummary {
  /** The credential id (base64url), as the authenticator knows it. */
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null until it first signs in or confirms. */
  lastUsedAt: string | null;
}
export interface PasskeyRegisterResponse {
  success: true;
  passkey: PasskeySummary;
  /** With the admin's first second factor (and no codes yet): 10 recovery codes, shown once. */
  recoveryCodes?: string[];
}
export interface PasskeyListResponse {
  success: true;
  /** Oldest first. */
  passkeys: PasskeySummary[];
}
export interface PasskeyRenameRequest {
  name: string;
}
export interface PasskeyResponse {
  success: true;
  passkey: PasskeySummary;
}
export interface PasskeyChallengeRequest {
  mfaToken: string;
}
/** The longest passkey name. */
export const PASSKEY_NAME_MAX = 64;
/** A credential id as the API takes it in a path: base64url, at most 1023 bytes' worth. */
export const PASSKEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,1364}$/;

/** The 403 every other call answers while ADMIN_MFA=required and the admin has no second factor. */
export const MFA_SETUP_REQUIRED =
  'You must set up a second factor first (POST /auth/mfa/totp, then POST /auth/mfa/totp/confirm; or a passkey: POST /auth/mfa/passkeys/registration-options, then POST /auth/mfa/passkeys).';
/** The 403 of a security change whose session has not checked a factor in the last 5 minutes. */
export const REAUTH_REQUIRED = `Confirm it is you first (POST /auth/reauth): this change needs a password and code, or a passkey, checked in the last ${REAUTH_WINDOW_MINUTES} minutes.`;

// --- sessions -------------------------------------------------------------------------------
/** One signed-in session of the admin (a token that still works). */
export interface SessionSummary {
  /** The token's id (`jti`). */
  id: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; updated at most about once a minute. */
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session this request's token opened. */
  current: boolean;
}
export interface SessionListResponse {
  success: true;
  /** Most recently used first. */
  sessions: SessionSummary[];
}
