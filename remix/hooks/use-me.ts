import { useRouteLoaderData } from '@remix-run/react';

import { type MeResponse, type Permission } from '@contract';

/** The admin layout route's id (read by id: the layout imports the pages' parts). */
const LAYOUT_ROUTE_ID = 'routes/super-secret-admin';

/** Who is signed in (the layout's GET /auth/me): their role, access and permissions; or null. */
export function useMe(): MeResponse | null {
  return useRouteLoaderData<{ me: MeResponse | null }>(LAYOUT_ROUTE_ID)?.me ?? null;
}

/**
 * Whether the signed-in admin's role allows `permission`: the page offers only what the API
 * would do (a button that ends in 403 is not shown). Unknown (GET /auth/me unanswered): offered,
 * and the API still refuses what the role may not do.
 */
export function useCan(permission: Permission): boolean {
  return useMe()?.permissions.includes(permission) ?? true;
}
