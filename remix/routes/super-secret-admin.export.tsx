import { type LoaderFunctionArgs } from '@remix-run/node';

import { isLeadKindKey, isLeadListState } from '@contract';
import { exportLeads } from '~/api-client/leads.server';
import {
  gateRedirect,
  passwordChangeRedirect,
  requireAdmin,
  sessionEndReason,
  signInRedirect,
} from '~/utils/session.server';
import { viewerZone } from '~/utils/time-zone.server';

/**
 * A panel's CSV download. The browser has no token to call the API with, so the web server asks
 * with the session's token and streams the API's answer through without buffering it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const state = params.get('state') ?? 'active';
  if (!isLeadKindKey(kind) || !isLeadListState(state))
    return new Response('Unknown list.', { status: 400 });

  // Its dates in the viewer's zone, as the pages show them.
  const tz = await viewerZone(request, token);
  const upstream = await exportLeads(kind, state, token, params.get('q') || undefined, tz);
  if (!(upstream instanceof Response))
    return new Response(upstream.ok ? '' : upstream.message, { status: 503 });
  if (upstream.status === 401) return signInRedirect(sessionEndReason(await apiMessage(upstream)));
  // The API validates the search (length, NUL): its refusal is the visitor's, not a failure of ours.
  if (upstream.status === 400) return new Response(await apiMessage(upstream), { status: 400 });
  // The guard's gates: an initial password to change, or a second factor to set up first.
  if (upstream.status === 403)
    return gateRedirect(403, await apiMessage(upstream)) ?? passwordChangeRedirect();
  if (!upstream.ok || !upstream.body)
    return new Response('The export failed. Please try again.', { status: 502 });

  const headers = new Headers({
    'Content-Type': upstream.headers.get('content-type') ?? 'text/csv; charset=utf-8',
  });
  const disposition = upstream.headers.get('content-disposition');
  if (disposition) headers.set('Content-Disposition', disposition);
  return new Response(upstream.body, { status: 200, headers });
}

async function apiMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : 'That search is not valid.';
}
