import { data } from '@remix-run/node';

import { waitText } from './wait-text';

/** The answer to a form the Account page's routes do not have. */
export const unknownAccountForm = () =>
  data({ intent: null, message: 'Unknown action.' }, { status: 400 });

/**
 * A refusal of one of the Account page's forms, shown above it: the API's message, or how long to
 * wait after a 429, with the API's status.
 */
export function refusedAccountForm<R extends { intent: string; message?: string }>(
  answer: Omit<R, 'message'>,
  outcome: { status: number; message: string; retryAfter?: number },
) {
  const message =
    outcome.status === 429
      ? `Too many attempts. Please try again in ${waitText(outcome.retryAfter)}.`
      : outcome.message;
  return data({ ...answer, message } as R, { status: outcome.status });
}
