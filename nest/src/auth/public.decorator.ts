import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Routes are private by default; this opens one to callers without a token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
