import { z } from 'zod';

import { ADMIN_ROLES, FIELD_LIMITS, htmlMaxLength } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText, hidden, objectId } from '~/components/forms/rules';

export const ADMIN_LABELS = { email: 'Email', password: 'Initial password' } as const;

/** The Admins page's forms, by intent (each a security change: after a fresh factor). */
export const ADMINS_FORMS = {
  /** A new admin with an initial password: the API judges both and says what is wrong. */
  add: z.object({
    email: apiText(FIELD_LIMITS.email, ADMIN_LABELS.email, { trim: true }),
    password: apiText(FIELD_LIMITS.password, ADMIN_LABELS.password),
  }),
  /** The confirmed removal: the admin's id, and their address to say who was removed. */
  remove: z.object({
    id: objectId('Unknown admin.'),
    email: hidden(htmlMaxLength(FIELD_LIMITS.email)),
  }),
  /** A new role for an admin: who, their address to say so, and the role. */
  role: z.object({
    id: objectId('Unknown admin.'),
    email: hidden(htmlMaxLength(FIELD_LIMITS.email)),
    role: z.enum(ADMIN_ROLES, { message: 'Choose a role.' }),
  }),
};

export const ADD_ADMIN_FIELDS = formFields(ADMINS_FORMS.add);
export const REMOVE_ADMIN_FIELDS = formFields(ADMINS_FORMS.remove);
export const ROLE_FIELDS = formFields(ADMINS_FORMS.role);
