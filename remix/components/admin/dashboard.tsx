import { Form } from '@remix-run/react';
import { Alert } from 'react-bootstrap';

import { ADMIN_PATH } from '~/config/paths';
import { type InboxPanel } from '~/utils/inbox';

import { LeadPanel } from './lead-panel';

/** Spec section 2: a top bar with a red 'Sign Out', then the four panels side by side. */
export function Dashboard({
  panels,
  moveError = null,
}: {
  panels: InboxPanel[];
  moveError?: string | null;
}) {
  return (
    <div className="admin">
      <header className="admin-topbar">
        <div className="container-fluid admin-topbar__inner">
          <h1 className="h5 mb-0">Lead inbox</h1>
          <Form method="post" action={ADMIN_PATH}>
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="btn btn-link admin-topbar__sign-out">
              Sign Out
            </button>
          </Form>
        </div>
      </header>
      <main className="container-fluid admin__panels">
        {moveError ? (
          <Alert variant="danger" role="alert">
            {moveError}
          </Alert>
        ) : null}
        <div className="row g-3">
          {panels.map((panel) => (
            <div key={panel.kind} className="col-12 col-md-6 col-lg-3">
              <LeadPanel panel={panel} />
            </div>
          ))}
        </div>
      </main>
    </div>
  );
}
