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
}

export const AUTH_PATHS = {
  login: '/auth/login',
  checkToken: '/auth/check-token',
  changePassword: '/auth/change-password',
  logout: '/auth/logout',
  logoutAll: '/auth/logout-all',
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

// --- admins ---------------------------------------------------------------------------------
export const ADMINS_PATH = '/admins';

/** An admin as the API shows one: never a password hash or any other secret. */
export interface AdminSummary {
  id: string;
  email: string;
  /** ISO 8601. */
  createdAt: string;
  /** Still on the initial password someone else set. */
  mustChangePassword: boolean;
}

export interface AdminListResponse {
  success: true;
  /** Oldest first. */
  admins: AdminSummary[];
}

/** A new admin with an initial password, which they must change at first sign-in. */
export interface CreateAdminRequest {
  email: string;
  password: string;
}

export interface CreateAdminResponse {
  success: true;
  admin: AdminSummary;
}
