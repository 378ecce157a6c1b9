import { z } from 'zod';

import {
  ADMIN_ROLES,
  FIELD_LIMITS,
  htmlMaxLength,
  LEAD_ACCESS_LEVELS,
  LEAD_KIND_KEYS,
  type LeadKindKey,
  NEW_ADMIN_ROLE,
} from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { apiText, flag, hidden, objectId } from '~/components/forms/rules';

/** A level per kind and "and nobody's": the fields of an access form (an admin's, a key's). */
export const LEAD_ACCESS_FIELDS = {
  ...(Object.fromEntries(
    LEAD_KIND_KEYS.map((kind) => [
      kind,
      z.enum(LEAD_ACCESS_LEVELS, { message: 'Choose all, assigned or none.' }),
    ]),
  ) as Record<LeadKindKey, z.ZodEnum<['all', 'assigned', 'none']>>),
  seeUnassigned: flag,
};

export const ADMIN_LABELS = { email: 'Email', password: 'Initial password' } as const;

/** The Admins page's forms, by intent (each a security change: after a fresh factor). */
export const ADMINS_FORMS = {
  /** A new admin with an initial password: the API judges both and says what is wrong. */
  add: z.object({
    email: apiText(FIELD_LIMITS.email, ADMIN_LABELS.email, { trim: true }),
    password: apiText(FIELD_LIMITS.password, ADMIN_LABELS.password),
    role: z.enum(ADMIN_ROLES, { message: 'Choose a role.' }).default(NEW_ADMIN_ROLE),
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
  /** Which leads of each kind an admin sees, and whether nobody's come with `assigned`. */
  access: z.object({
    id: objectId('Unknown admin.'),
    email: hidden(htmlMaxLength(FIELD_LIMITS.email)),
    ...LEAD_ACCESS_FIELDS,
  }),
};

export const ADD_ADMIN_FIELDS = formFields(ADMINS_FORMS.add);
export const REMOVE_ADMIN_FIELDS = formFields(ADMINS_FORMS.remove);
export const ROLE_FIELDS = formFields(ADMINS_FORMS.role);
export const ACCESS_FIELDS = formFields(ADMINS_FORMS.access);
