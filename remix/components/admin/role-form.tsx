import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { ADMIN_ROLES, type AdminSummary } from '@contract';
import { ADMINS_FORMS, ROLE_FIELDS } from '~/components/admin/admins-schema';
import { useBusy } from '~/components/admin/page-parts';
import { type ReauthAsk, ReauthFields } from '~/components/admin/reauth-fields';
import { IntentField } from '~/components/forms/intent-field';
import { ADMINS_PAGE_PATH } from '~/config/paths';

/**
 * One admin's role on the Admins page, as a plain form (it works without JavaScript): the role
 * chosen and "Change", which asks for a factor again when the session's is older than 5 minutes.
 */
export function RoleForm({
  admin,
  reauth,
}: {
  admin: AdminSummary;
  reauth: ReauthAsk | undefined;
}) {
  const busy = useBusy();
  const id = `role-${admin.id}`;
  return (
    <Form
      method="post"
      action={ADMINS_PAGE_PATH}
      className="d-flex flex-wrap gap-2 align-items-start"
    >
      <IntentField forms={ADMINS_FORMS} value="role" />
      <input type="hidden" name={ROLE_FIELDS.id.name} value={admin.id} />
      <input type="hidden" name={ROLE_FIELDS.email.name} value={admin.email} />
      <label htmlFor={id} className="visually-hidden">
        Role of {admin.email}
      </label>
      <select
        id={id}
        name={ROLE_FIELDS.role.name}
        defaultValue={admin.role}
        className="form-select form-select-sm w-auto"
      >
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      <ReauthFields ask={reauth} idPrefix={id} />
      <Button type="submit" variant="primary" size="sm" disabled={busy}>
        Change<span className="visually-hidden"> the role of {admin.email}</span>
      </Button>
    </Form>
  );
}
