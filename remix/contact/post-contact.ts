import {
  CONTACT_ENDPOINT,
  CONTACT_FAILED_MESSAGE,
  type ContactActionResult,
  readContact,
} from './contact-fields';

/**
 * Sends the contact form to `CONTACT_ENDPOINT` and reads its JSON answer. Whatever goes wrong on the
 * way (no network, a proxy's HTML error page, an answer of the wrong shape) becomes a failure the
 * form shows, with the visitor's text kept in the fields.
 */
export async function postContact(
  body: FormData,
  fetchImpl: typeof fetch = fetch,
): Promise<ContactActionResult> {
  const unsent: ContactActionResult = {
    ok: false,
    fieldErrors: {},
    formError: CONTACT_FAILED_MESSAGE,
    values: readContact(body),
  };
  try {
    const response = await fetchImpl(CONTACT_ENDPOINT, {
      method: 'POST',
      body: new URLSearchParams(body as unknown as Record<string, string>),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    const answer: unknown = await response.json();
    return isContactResult(answer) ? answer : unsent;
  } catch {
    return unsent;
  }
}

function isContactResult(value: unknown): value is ContactActionResult {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return true;
  return (
    value.ok === false &&
    'fieldErrors' in value &&
    typeof value.fieldErrors === 'object' &&
    value.fieldErrors !== null &&
    'formError' in value &&
    (value.formError === null || typeof value.formError === 'string')
  );
}
