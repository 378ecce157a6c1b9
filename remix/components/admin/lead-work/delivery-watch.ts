import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';

import { type TimelineEvent } from '@contract';

/** How often an open detail reads itself again while one of its replies waits to be sent. */
export const DELIVERY_POLL_MS = 3_000;

/**
 * While a reply on the timeline is queued, the detail reads itself again every few seconds, so its
 * delivery (sent, or failed with the server's words) shows without a reload.
 */
export function useDeliveryWatch(events: TimelineEvent[] | null): void {
  const { revalidate, state } = useRevalidator();
  const waiting = (events ?? []).some(
    (event) => event.type === 'reply' && event.detail.status === 'queued',
  );
  useEffect(() => {
    if (!waiting || state !== 'idle') return;
    const timer = window.setTimeout(revalidate, DELIVERY_POLL_MS);
    return () => window.clearTimeout(timer);
    // Each new reading (a new events array) starts the next wait.
  }, [waiting, state, revalidate, events]);
}
