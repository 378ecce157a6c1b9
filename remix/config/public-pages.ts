import { ADMIN_PATH } from './paths';

/** The pages crawlers may index: the sitemap lists them. */
export const PUBLIC_PAGES = ['/'] as const;

/** What robots.txt keeps crawlers out of. */
export const PRIVATE_PREFIXES = [ADMIN_PATH] as const;
