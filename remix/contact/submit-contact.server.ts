import { type CreateLeadRequest, INTAKE_PROOF_FIELD } from '@contract';
import { createLead } from '~/api-client/leads.server';
import { waitText } from '~/utils/wait-text';

import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_FIELDS,
  type ContactActionResult,
  type ContactErrors,
  readContact,
  validateContact,
} from './contact-fields';
import { formSource } from './request-source.server';

const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields.';

export interface ContactSubmission {
  /** The HTTP status the answer carries: 200, 400, 429, or the API's 5xx (503 when unreachable). */
  status: number;
  result: ContactActionResult;
}

/**
 * One contact form submission, whichever way it came (the page's script or a plain form post):
 * the spec's required-field rule, then the API, whose refusals become messages for the form.
 */
export async function submitContact(
  form: FormData,
  clientIp: string | undefined,
): Promise<ContactSubmission> {
  const values = readContact(form);
  const fail = (status: number, fieldErrors: ContactErrors, formError: string | null) => ({
    status,
    result: { ok: false, fieldErrors, formError, values } satisfies ContactActionResult,
  });

  const required = validateContact(values);
  if (Object.keys(required).length > 0) return fail(400, required, null);

  const website = form.get('website');
  const altcha = form.get(INTAKE_PROOF_FIELD);
  const body: CreateLeadRequest<'contactUs'> = {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
    // The honeypot goes to the API, which holds what bots send as spam.
    ...(typeof website === 'string' && website ? { website } : {}),
    // The visitor's proof of work, as their browser solved it: this server is no trusted sender
    // (it has no intake key), so the API judges the visitor's proof. Without JavaScript: none.
    ...(typeof altcha === 'string' && altcha ? { altcha } : {}),
  };
  const source = formSource(form);
  let outcome = await createLead(
    'contactUs',
    Object.keys(source).length > 0 ? { ...body, source } : body,
    { clientIp },
  );
  // A source the API refuses (a rule this side did not know) never costs the lead: sent again bare.
  if (
    !outcome.ok &&
    outcome.status === 400 &&
    Object.keys(outcome.errors ?? {}).some((field) => field.startsWith('source'))
  )
    outcome = await createLead('contactUs', body, { clientIp });
  if (outcome.ok) return { status: 200, result: { ok: true } };
  if (outcome.status === 400) {
    const fieldErrors: ContactErrors = {};
    for (const field of CONTACT_FIELDS) {
      const message = outcome.errors?.[field]?.[0];
      if (message) fieldErrors[field] = message;
    }
    const known = Object.keys(fieldErrors).length > 0;
    return fail(400, fieldErrors, known ? CHECK_FIELDS_MESSAGE : CONTACT_FAILED_MESSAGE);
  }
  if (outcome.status === 429)
    return fail(
      429,
      {},
      `Too many messages from your network. Please try again in ${waitText(outcome.retryAfter)}.`,
    );
  return fail(outcome.status >= 500 ? outcome.status : 503, {}, CONTACT_FAILED_MESSAGE);
}
