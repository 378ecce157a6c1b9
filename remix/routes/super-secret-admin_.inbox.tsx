import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';

import { ADMIN_PATH } from '~/config/paths';
import { loadOverview } from '~/utils/inbox.server';
import { requireAdmin } from '~/utils/session.server';

/**
 * The inbox now, for an open dashboard to poll: every kind's totals and first page (one API call,
 * answered from the API's cached heads while nothing changed).
 */
export const INBOX_LIVE_PATH = `${ADMIN_PATH}/inbox`;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const overview = await loadOverview(token);
  return overview.ok
    ? { ok: true as const, kinds: overview.data.kinds }
    : data({ ok: false as const, message: overview.message }, { status: 503 });
}

/** How often an open dashboard asks: new leads show within this and the answer's time. */
export const LIVE_INTERVAL_MS = 4_000;

/**
 * Polls the inbox while the page is visible (not while hidden: nobody is looking). Polling, not a
 * stream: the API has nothing to push from, each answer is a cached read, and it passes any
 * proxy or load balancer as plain requests do.
 */
export function useLiveInbox() {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === 'visible') load(INBOX_LIVE_PATH);
    };
    const timer = window.setInterval(poll, LIVE_INTERVAL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [load]);
  return fetcher.data?.ok ? fetcher.data.kinds : undefined;
}
