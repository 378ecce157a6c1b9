import { type CreateLeadRequest } from '@contract';
import { createLead } from '~/api-client/leads.server';
import { fieldErrors as apiFieldErrors } from '~/components/forms/field-errors';
import { firstErrors, readForm } from '~/components/forms/read-form';
import { waitText } from '~/utils/wait-text';

import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_FIELD_NAMES,
  CONTACT_FIELDS,
  type ContactActionResult,
  type ContactErrors,
  REQUIRED_MESSAGE,
} from './contact-fields';
import { contactSchema, contactValuesSchema, NO_VALUES } from './contact-schema';

const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields.';

export interface ContactSubmission {
  /** The HTTP status the answer carries: 200, 400, 429, or the API's 5xx (503 when unreachable). */
  status: number;
  result: ContactActionResult;
}

/**
 * One contact form submission, whichever way it came (the page's script or a plain form post):
 * its schema (the spec's required-field rule first), then the API, whose refusals become messages
 * for the form.
 */
export async function submitContact(
  form: FormData,
  clientIp: string | undefined,
): Promise<ContactSubmission> {
  const shown = readForm(form, contactValuesSchema);
  const values = shown.ok ? shown.value : NO_VALUES;
  const fail = (status: number, fieldErrors: ContactErrors, formError: string | null) => ({
    status,
    result: { ok: false, fieldErrors, formError, values } satisfies ContactActionResult,
  });

  const read = readForm(form, contactSchema);
  if (!read.ok) {
    const fieldErrors: ContactErrors = firstErrors(read.errors, CONTACT_FIELDS);
    return fail(400, fieldErrors, refusalMessage(fieldErrors));
  }
  const body: CreateLeadRequest<'contactUs'> = read.value.lead;
  const { source } = read.value;
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
    // In a person's words; a field the API finds blank says the spec's '*required field'.
    const fieldErrors: ContactErrors = apiFieldErrors(outcome.errors, CONTACT_FIELD_NAMES, {
      blank: REQUIRED_MESSAGE,
    });
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

/**
 * What a form its schema refused says above its fields: nothing when they say it all (the spec's
 * '*required field'), otherwise what a refusal of the API's says.
 */
function refusalMessage(fieldErrors: ContactErrors): string | null {
  const said = Object.values(fieldErrors);
  if (said.length === 0) return CONTACT_FAILED_MESSAGE;
  return said.every((message) => message === REQUIRED_MESSAGE) ? null : CHECK_FIELDS_MESSAGE;
}
