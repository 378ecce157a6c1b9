import {
  type LeadKindKey,
  type LeadAction,
  type LeadListState,
  type LeadPage,
  type LeadTotals,
} from '@contract';

// The dashboard's data as the server loads it (inbox.server.ts) and the panels show it.

/** A list as a panel shows it, or why it could not be read (shown as an alert, logged per spec). */
export type ListResult<K extends LeadKindKey = LeadKindKey> =
  { ok: true; page: LeadPage<K> } | { ok: false; message: string };

/** One inbox on the dashboard. */
export interface InboxPanel<K extends LeadKindKey = LeadKindKey> {
  kind: K;
  /** The panel's search text ('' for none). */
  q: string;
  /** Null when the API could not say. */
  totals: LeadTotals | null;
  /** Active leads still `new` (waiting for a reply), from the kept totals; null if unknown. */
  needReply: number | null;
  active: ListResult<K>;
  /** The archive, read only where it shows at once: inline without JavaScript (`?archived=kind`). */
  archived: ListResult<K> | null;
}

/** What an action on leads answers to the panel: the lists it shows now (searched, if it was). */
export type ActionOutcome<K extends LeadKindKey = LeadKindKey> =
  | {
      ok: true;
      action: LeadAction;
      kind: K;
      totals: LeadTotals;
      lists: Record<LeadListState, ListResult<K>>;
    }
  | { ok: false; action: LeadAction | null; kind: K | null; status: number; message: string };

/** Archived leads an admin asked to delete without JavaScript: the page asks to confirm. */
export interface PendingDelete {
  kind: LeadKindKey;
  ids: string[];
}

/** Search parameter holding a panel's search text, e.g. `q-contactUs`. */
export const searchParam = (kind: LeadKindKey) => `q-${kind}`;
