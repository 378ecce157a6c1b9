import { type ArchiveResponse, type LeadKindKey, type LeadPage } from '../../../contract';

import { type KeptTotals } from './lead-totals';

/** The spec's answer to a change: both first pages, and the totals of the one who asked. */
export function changeAnswer<K extends LeadKindKey>(
  active: LeadPage<K>,
  archived: LeadPage<K>,
  totals: KeptTotals,
): ArchiveResponse<K> {
  return {
    success: true,
    unarchived: active.data,
    archived: archived.data,
    unarchivedTotal: totals.active,
    archivedTotal: totals.archived,
    unreadTotal: totals.unread,
    spamTotal: totals.spam,
    unarchivedNextCursor: active.nextCursor,
    archivedNextCursor: archived.nextCursor,
  };
}
