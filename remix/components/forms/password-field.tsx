import { FormField, type FormFieldProps } from './form-field';
import { type FieldProps } from './form-fields';

/**
 * Every password input of the site: masked, never filled in from an earlier answer, its name and
 * constraints from its form's schema, and the password manager told whether it is the admin's
 * own password (`current`) or a new one it should offer to make and save (`new`).
 */
export function PasswordField({
  field,
  purpose = 'current',
  ...props
}: {
  field: FieldProps;
  purpose?: 'current' | 'new';
} & Omit<FormFieldProps, 'name' | 'type' | 'autoComplete' | 'defaultValue' | 'value'>) {
  return (
    <FormField
      {...props}
      {...field}
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
    />
  );
}
