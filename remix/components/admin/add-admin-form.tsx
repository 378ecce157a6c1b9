import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { ADMIN_ROLES, NEW_ADMIN_ROLE, PASSWORD_MIN_LENGTH } from '@contract';
import {
  ADD_ADMIN_FIELDS,
  ADMIN_LABELS as LABELS,
  ADMINS_FORMS,
} from '~/components/admin/admins-schema';
import { CardSection, ErrorAlert, useBusy } from '~/components/admin/page-parts';
import { type ReauthAsk, ReauthFields } from '~/components/admin/reauth-fields';
import { FormField } from '~/components/forms/form-field';
import { IntentField } from '~/components/forms/intent-field';
import { PasswordField } from '~/components/forms/password-field';
import { ADMINS_PAGE_PATH } from '~/config/paths';

/** What the add form shows again after a refusal (never the password). */
export interface AddAdminResult {
  errors?: Partial<Record<keyof typeof LABELS, string>>;
  message?: string;
  email?: string;
  reauth?: ReauthAsk;
}

/**
 * The Admins page's "Add an admin": an address, an initial password and a role (a viewer unless
 * the owner picks another; agents and viewers see no leads until given some).
 */
export function AddAdminForm({ result }: { result: AddAdminResult | undefined }) {
  const busy = useBusy();
  const addResult = result;
  const errors = result?.errors ?? {};
  return (
    <CardSection id="add-admin-heading" title="Add an admin" className="col-12 col-lg-5">
      <ErrorAlert message={addResult?.message} />
      <Form method="post" action={ADMINS_PAGE_PATH} noValidate>
        <IntentField forms={ADMINS_FORMS} value="add" />
        <FormField
          id="admin-email"
          {...ADD_ADMIN_FIELDS.email}
          type="email"
          label={LABELS.email}
          autoComplete="off"
          defaultValue={addResult?.email ?? ''}
          error={errors.email}
        />
        <PasswordField
          id="admin-password"
          field={ADD_ADMIN_FIELDS.password}
          purpose="new"
          label={LABELS.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password. They must change it at first sign-in.`}
          error={errors.password}
        />
        <div className="mb-3">
          <label htmlFor="admin-role" className="form-label">
            Role
          </label>
          <select
            id="admin-role"
            name={ADD_ADMIN_FIELDS.role.name}
            defaultValue={NEW_ADMIN_ROLE}
            className="form-select"
          >
            {ADMIN_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <ReauthFields ask={addResult?.reauth} idPrefix="add-admin" />
        <Button type="submit" variant="primary" disabled={busy}>
          Add admin
        </Button>
      </Form>
    </CardSection>
  );
}
