import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';

import { type InboxOverviewResponse } from '@contract';
import { ADMIN_PATH } from '~/config/paths';

/**
 * The inbox now, for an open dashboard to poll (`routes/super-secret-admin.inbox.tsx`): every
 * kind's totals and first page, in one API call answered from the API's cached heads while nothing
 * changed.
 */
export const INBOX_LIVE_PATH = `${ADMIN_PATH}/inbox`;

/** What the poll answers. */
export type LiveInboxResult =
  { ok: true; kinds: InboxOverviewResponse['kinds'] } | { ok: false; message: string };

/** How often an open dashboard asks: new leads show within this and the answer's time. */
export const LIVE_INTERVAL_MS = 4_000;

/**
 * Polls the inbox while the page is visible (not while hidden: nobody is looking). Polling, not a
 * stream: the API has nothing to push from, each answer is a cached read, and it passes any
 * proxy or load balancer as plain requests do.
 */
export function useLiveInbox() {
  const fetcher = useFetcher<LiveInboxResult>();
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
