import { SetMetadata } from '@nestjs/common';

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
