import { type LoaderFunctionArgs } from '@remix-run/node';

import { privacyLeads } from '~/api-client/privacy.server';
import { readEmail, whatWentWrong } from '~/utils/privacy.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

/**
 * A person's requests as a JSON file (their right to a copy they can take elsewhere): every lead
 * of the address, by kind, as the API stores it. Personal data: never cached on the way.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const email = readEmail(new URL(request.url).searchParams.get('email'));
  if (!email) return text('Name an email address to download its requests.', 400);

  const outcome = await unlessSessionBlocked(await privacyLeads(email, token, context.clientIp));
  if (!outcome.ok)
    return outcome.status === 400
      ? text(whatWentWrong(outcome).message, 400)
      : text(outcome.message, 503);

  const exportedAt = new Date().toISOString();
  const body = { email, exportedAt, total: outcome.data.total, requests: outcome.data.kinds };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // The address stays out of the file name (download lists, synced folders).
      'Content-Disposition': `attachment; filename="requests-${exportedAt.slice(0, 10)}.json"`,
    },
  });
}

const text = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
