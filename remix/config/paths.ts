/** The admin area (spec section 2: the route 'super-secret-admin'); every link and redirect starts here. */
export const ADMIN_PATH = '/super-secret-admin';

/** The admin area's pages, in the top bar's order. */
export const ADMIN_PAGES = [{ path: ADMIN_PATH, label: 'Inbox' }] as const;
