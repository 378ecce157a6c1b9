import { type LoaderFunctionArgs } from '@remix-run/node';

import { intakeChallenge } from '~/api-client/intake.server';

/**
 * `GET /intake/challenge`: the API's proof-of-work challenge, for the contact modal to solve while
 * the visitor types. No cookie is read or set, and no answer is cached: each is for one form.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const outcome = await intakeChallenge(context.clientIp);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (outcome.ok) return Response.json(outcome.data, { headers });
  if (outcome.retryAfter) headers['Retry-After'] = String(outcome.retryAfter);
  return Response.json(
    { message: outcome.message },
    { status: outcome.status === 429 ? 429 : 503, headers },
  );
}
