import { type ApiOutcome } from '~/api-client/http.server';
import { refusalWords } from '~/components/forms/field-errors';

/** The address a form or query names, trimmed; '' when there is none. */
export function readEmail(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A failed call, as the page shows it: a refused address (400) on the email field, with the
 * API's own words for it; anything else above the results.
 */
export function whatWentWrong(failure: Extract<ApiOutcome<unknown>, { ok: false }>): {
  field: string | null;
  message: string;
} {
  if (failure.status !== 400) return { field: null, message: failure.message };
  const field = refusalWords(failure, { email: 'Email' });
  return { field, message: field };
}
