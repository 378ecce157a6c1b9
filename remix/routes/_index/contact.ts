/**
 * The contact form's contract with the index route's action, beside that action: the fields, what
 * the action answers, and the spec's required-field rule, which the action applies and the form
 * repeats before posting so a visitor sees the messages without a round trip.
 */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Spec section 5: the message under an empty field. */
export const REQUIRED_MESSAGE = '*required field';

/** What the index route's action answers to a contact submission. */
export type ContactActionResult =
  | { ok: true }
  | {
      ok: false;
      fieldErrors: ContactErrors;
      formError: string | null;
      /** What was sent, so a no-JavaScript visitor gets the form back filled in. */
      values: ContactValues;
    };

export function readContact(form: FormData): ContactValues {
  const read = (field: ContactField) => {
    const value = form.get(field);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: read('name'),
    email: read('email'),
    subject: read('subject'),
    message: read('message'),
  };
}

/** Spec section 5: each field must be non-empty (after trimming); nothing else is checked here. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (!values[field].trim()) errors[field] = REQUIRED_MESSAGE;
  return errors;
}
