import { Form, NavLink } from '@remix-run/react';
import { type ReactNode } from 'react';

import { type Permission } from '@contract';
import { ACCOUNT_PATH, ADMIN_PAGES, ADMIN_PATH, QUEUE_PAGE_PATH } from '~/config/paths';

/** Pages that stay the current one on the routes below them (Account's forms, the queue's lead). */
const OPENS_BELOW = new Set<string>([ACCOUNT_PATH, QUEUE_PAGE_PATH]);

/**
 * Spec section 2: a top bar with a red 'Sign Out'; the admin's pages beside it (those their role
 * allows, every one while that is unknown); then the page.
 */
export function AdminShell({
  children,
  permissions,
}: {
  children: ReactNode;
  permissions: readonly Permission[] | null;
}) {
  const pages = ADMIN_PAGES.filter((page) => !permissions || permissions.includes(page.permission));
  return (
    <div className="admin">
      <header className="admin-topbar">
        <div className="container-fluid admin-topbar__inner">
          <h1 className="h5 mb-0">Lead inbox</h1>
          <nav aria-label="Admin" className="admin-topbar__nav">
            {pages.map((page) => (
              <NavLink
                key={page.path}
                to={page.path}
                end={!OPENS_BELOW.has(page.path)}
                className="admin-topbar__link"
              >
                {page.label}
              </NavLink>
            ))}
          </nav>
          <Form method="post" action={ADMIN_PATH}>
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="btn btn-link admin-topbar__sign-out">
              Sign Out
            </button>
          </Form>
        </div>
      </header>
      <main className="container-fluid admin__main">{children}</main>
    </div>
  );
}
