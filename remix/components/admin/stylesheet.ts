import { type LinksFunction } from '@remix-run/node';

import adminStylesheet from '../../../styles/admin-pages.scss?url';

/**
 * The admin pages' own stylesheet (the rest of Bootstrap and styles/admin), after the one every page
 * loads (remix/root.tsx): the public pages do not download the admin's styles. Every admin route
 * that renders a page exports it as its `links` (the routes nested under super-secret-admin.tsx
 * get it from there).
 */
export const adminLinks: LinksFunction = () => [{ rel: 'stylesheet', href: adminStylesheet }];
