import { z } from 'zod';

import { ADMIN_ROLES, API_KEY_NAME_MAX, htmlMaxLength } from '@contract';
import { LEAD_ACCESS_FIELDS } from '~/components/admin/admins-schema';
import { formFields } from '~/components/forms/form-fields';
import { apiText, hidden, objectId } from '~/components/forms/rules';

export const API_KEY_LABELS = { name: 'Name', role: 'Role', expiresAt: 'Expires' } as const;

/** The expiries the form offers, in days from now ('' never). */
export const API_KEY_EXPIRIES = [
  { value: '', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
] as const;
type ExpiryValue = (typeof API_KEY_EXPIRIES)[number]['value'];
const EXPIRY_VALUES = API_KEY_EXPIRIES.map((expiry) => expiry.value) as [
  ExpiryValue,
  ...ExpiryValue[],
];

/** The API keys page's forms, by intent. */
export const API_KEY_FORMS = {
  /** A new key: its name (the API judges it), role, access per kind and expiry. */
  create: z.object({
    name: apiText(API_KEY_NAME_MAX, API_KEY_LABELS.name, { trim: true }),
    role: z.enum(ADMIN_ROLES, { message: 'Choose a role.' }),
    ...LEAD_ACCESS_FIELDS,
    expiresInDays: z.preprocess(
      (value) => value ?? '',
      z.enum(EXPIRY_VALUES, { message: 'Choose when it expires.' }),
    ),
  }),
  /** The confirmed revocation: the key's id, and its name to say which was revoked. */
  revoke: z.object({
    id: objectId('Unknown API key.'),
    name: hidden(htmlMaxLength(API_KEY_NAME_MAX)),
  }),
};

export const CREATE_API_KEY_FIELDS = formFields(API_KEY_FORMS.create);
export const REVOKE_API_KEY_FIELDS = formFields(API_KEY_FORMS.revoke);
