import { type LeadAccess, type LeadAccessChange } from './lead-access';
import { type AdminRole } from './roles';

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
  /** What they may do (the table of `ROLE_PERMISSIONS`). */
  role: AdminRole;
  /** Which leads of each kind they see (an admin stored before access: every lead). */
  access: LeadAccess;
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
  /** `viewer` when left out (NEW_ADMIN_ROLE). */
  role?: AdminRole;
}

export interface CreateAdminResponse {
  success: true;
  admin: AdminSummary;
}

/**
 * PATCH /admins/:id: the admin's new role, their access to leads, or both (owners only, with a
 * fresh factor); at least one. Access names only the kinds it changes.
 */
export interface UpdateAdminRequest {
  role?: AdminRole;
  access?: LeadAccessChange;
}
/** The admin as changed. */
export interface UpdateAdminResponse {
  success: true;
  admin: AdminSummary;
}
