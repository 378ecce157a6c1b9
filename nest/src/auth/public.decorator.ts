import { SetMetadata } from '@nestjs/common';

import { type Permission } from '../contract';

export const IS_PUBLIC = 'isPublic';
/** Routes are private by default; this opens one to callers without a token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ALLOWED_WHILE_PASSWORD_CHANGE_DUE = 'allowedWhilePasswordChangeDue';
/**
 * An admin on an initial password may call only what gets them out of it: changing it, or
 * signing out. Every other private route answers 403 until then.
 */
export const AllowedWhilePasswordChangeDue = () =>
  SetMetadata(ALLOWED_WHILE_PASSWORD_CHANGE_DUE, true);

export const ALLOWED_WHILE_MFA_SETUP_DUE = 'allowedWhileMfaSetupDue';
/**
 * While ADMIN_MFA=required, an admin without a second factor may call only what sets one up, or
 * sign out. Every other private route answers 403 until then, from the first request on.
 */
export const AllowedWhileMfaSetupDue = () => SetMetadata(ALLOWED_WHILE_MFA_SETUP_DUE, true);

export const NEEDS_FRESH_FACTOR = 'needsFreshFactor';
/**
 * A security change: the session must have checked a factor in the last 5 minutes (a sign-in or
 * POST /auth/reauth), or the call answers 403 with `reauthRequired`.
 */
export const NeedsFreshFactor = () => SetMetadata(NEEDS_FRESH_FACTOR, true);

export const REQUIRED_PERMISSION = 'requiredPermission';
/**
 * The permission a private route needs (ROLE_PERMISSIONS says which roles have it). Set by
 * @AdminEndpoint; a private route without it fails the application's start-up (RouteAccess).
 */
export const RequiresPermission = (permission: Permission) =>
  SetMetadata(REQUIRED_PERMISSION, permission);
