import { data, type LoaderFunctionArgs } from '@remix-run/node';

import { isLeadKindKey, isLeadListState } from '@contract';
import { loadPage } from '~/utils/inbox.server';
import { requireAdmin } from '~/utils/session.server';

/** The next page of one list, for the dashboard's 'Load more' (JSON for a fetcher). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const state = params.get('state');
  const cursor = params.get('cursor') ?? undefined;
  if (!isLeadKindKey(kind) || !isLeadListState(state))
    return data({ ok: false, message: 'Unknown list.' }, { status: 400 });
  return loadPage(kind, state, token, { cursor, q: params.get('q') ?? undefined });
}
