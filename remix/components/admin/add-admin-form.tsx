import { NEW_ADMIN_ROLE, PASSWORD_MIN_LENGTH } from '@contract';
import {
  ADD_ADMIN_FIELDS,
  ADMIN_LABELS as LABELS,
  ADMINS_FORMS,
} from '~/components/admin/admins-schema';
import { CardForm, type CardFormResult } from '~/components/admin/card-form';
import { RoleSelect } from '~/components/admin/role-select';
import { FormField } from '~/components/forms/form-field';
import { IntentField } from '~/components/forms/intent-field';
import { PasswordField } from '~/components/forms/password-field';
import { ADMINS_PAGE_PATH } from '~/config/paths';

/** What the add form shows again after a refusal (never the password). */
export interface AddAdminResult extends CardFormResult<keyof typeof LABELS> {
  email?: string;
}

/**
 * The Admins page's "Add an admin": an address, an initial password and a role (a viewer unless
 * the owner picks another; agents and viewers see no leads until given some).
 */
export function AddAdminForm({ result }: { result: AddAdminResult | undefined }) {
  const errors = result?.errors ?? {};
  return (
    <CardForm
      headingId="add-admin-heading"
      title="Add an admin"
      action={ADMINS_PAGE_PATH}
      message={result?.message}
      reauth={result?.reauth}
      reauthIdPrefix="add-admin"
      submitLabel="Add admin"
    >
      <IntentField forms={ADMINS_FORMS} value="add" />
      <FormField
        id="admin-email"
        {...ADD_ADMIN_FIELDS.email}
        type="email"
        label={LABELS.email}
        autoComplete="off"
        defaultValue={result?.email ?? ''}
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
      <RoleSelect
        id="admin-role"
        name={ADD_ADMIN_FIELDS.role.name}
        label="Role"
        defaultValue={NEW_ADMIN_ROLE}
      />
    </CardForm>
  );
}
