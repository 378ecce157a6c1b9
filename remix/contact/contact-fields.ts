/**
 * The contact form's contract, beside the index route that shows it: the fields, what a submission
 * answers, where the page's script posts it, and the spec's required-field rule. The server reads
 * the form with its schema (contact-schema.ts, built from these names and this message); the form
 * applies the same rule before posting (validateContact), so a visitor sees the messages without a
 * round trip. Nothing here imports zod: the landing page's scripts stay small (80 KB in all).
 */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Spec section 5: the message under an empty field. */
export const REQUIRED_MESSAGE = '*required field';

/** Each field as a message about it names it ("Email can be at most 254 characters."). */
export const CONTACT_FIELD_NAMES: Record<ContactField, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

/**
 * Where the page's script posts the form and reads the answer as JSON (`routes/contact.ts`). Without
 * JavaScript the form posts to the index route's action instead (`CONTACT_PAGE_ACTION`), which
 * answers with a page.
 */
export const CONTACT_ENDPOINT = '/contact';
/** The index route's action (`?index` addresses the index route rather than the root layout). */
export const CONTACT_PAGE_ACTION = '/?index';

/** Shown above the form when the message could not be sent for a reason its fields do not explain. */
export const CONTACT_FAILED_MESSAGE =
  'We could not send your message. Please try again in a moment.';

/** What a contact submission answers (as JSON from the endpoint, as action data to the page). */
export type ContactActionResult =
  | { ok: true }
  | {
      ok: false;
      fieldErrors: ContactErrors;
      formError: string | null;
      /** What was sent, so a no-JavaScript visitor gets the form back filled in. */
      values: ContactValues;
    };

/** The fields as the page's script reads them from the form (to check them, to keep them). */
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

/**
 * Spec section 5 in the browser: each field must be non-empty (after trimming); nothing else is
 * checked here. The server's schema applies the same rule first (a unit test holds them together).
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (!values[field].trim()) errors[field] = REQUIRED_MESSAGE;
  return errors;
}
