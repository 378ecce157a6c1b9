/** The admin area (spec section 2: the route 'super-secret-admin'); every link and redirect starts here. */
export const ADMIN_PATH = '/super-secret-admin';
