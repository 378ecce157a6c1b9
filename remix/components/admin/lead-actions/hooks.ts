import { useFetcher } from '@remix-run/react';

import { type LeadKindKey } from '@contract';
import { type ActionOutcome, type ListResult } from '~/utils/inbox';

/** A fetcher reading pages of lists (what the leads route's loader answers). */
export const usePageFetcher = () => useFetcher<ListResult>();

/** The one fetcher a panel's actions go through, found by key: its forms post, the panel reads. */
export const useLeadActionFetcher = (kind: LeadKindKey) =>
  useFetcher<ActionOutcome>({ key: `leads-${kind}` });

export type LeadActionResult = ActionOutcome;
