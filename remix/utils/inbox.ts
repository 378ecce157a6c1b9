import {
  type LeadKindKey,
  type LeadListState,
  type LeadMove,
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
  active: ListResult<K>;
  /** The archive, read only where it shows at once: inline without JavaScript (`?archived=kind`). */
  archived: ListResult<K> | null;
}

/** What a move answers to the panel: the lists it shows now (searched, if it was). */
export type MoveOutcome<K extends LeadKindKey = LeadKindKey> =
  | {
      ok: true;
      move: LeadMove;
      kind: K;
      totals: LeadTotals;
      lists: Record<LeadListState, ListResult<K>>;
    }
  | { ok: false; move: LeadMove; kind: K; status: number; message: string };

/** Search parameter holding a panel's search text, e.g. `q-contactUs`. */
export const searchParam = (kind: LeadKindKey) => `q-${kind}`;
