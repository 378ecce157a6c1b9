import {
  type LeadKindKey,
  type LeadAction,
  type LeadListState,
  type LeadPage,
  type LeadStage,
  type LeadTotals,
} from '@contract';

// The dashboard's data as the server loads it (inbox.server.ts) and the panels show it.

/** A list as a panel shows it, or why it could not be read (shown as an alert, logged per spec). */
export type ListResult<K extends LeadKindKey = LeadKindKey> =
  { ok: true; page: LeadPage<K> } | { ok: false; message: string };

/**
 * Which of a panel's active leads it shows: all of them (newest first), those that need a reply
 * (still `new`, oldest first), or the signed-in admin's own.
 */
export const PANEL_VIEWS = ['all', 'needs-reply', 'mine'] as const;
export type PanelView = (typeof PANEL_VIEWS)[number];

export const PANEL_VIEW_LABELS: Record<PanelView, string> = {
  all: 'All',
  'needs-reply': 'Needs reply',
  mine: 'Mine',
};

export function isPanelView(value: unknown): value is PanelView {
  return typeof value === 'string' && (PANEL_VIEWS as readonly string[]).includes(value);
}

/** Search parameter holding a panel's view, e.g. `view-contactUs=mine` (absent: all). */
export const viewParam = (kind: LeadKindKey) => `view-${kind}`;

/** One inbox on the dashboard. */
export interface InboxPanel<K extends LeadKindKey = LeadKindKey> {
  kind: K;
  /** The panel's search text ('' for none). */
  q: string;
  view: PanelView;
  /** Null when the API could not say. */
  totals: LeadTotals | null;
  /** Active leads still `new` (waiting for a reply), from the kept totals; null if unknown. */
  needReply: number | null;
  active: ListResult<K>;
  /** The archive, read only where it shows at once: inline without JavaScript (`?archived=kind`). */
  archived: ListResult<K> | null;
  /** Spam, read only where it shows at once: inline without JavaScript (`?spam=kind`). */
  spam: ListResult<K> | null;
}

/** What an action on leads answers to the panel: the lists it shows now (searched, if it was). */
export type ActionOutcome<K extends LeadKindKey = LeadKindKey> =
  | {
      ok: true;
      action: LeadAction;
      kind: K;
      /** The leads it acted on (what an Undo acts on again). */
      ids: string[];
      /** Opening a lead marked it read (no Undo is offered for that). */
      byOpening?: true;
      /** A stage change: the stage set, and each lead's stage before (what its Undo sets back). */
      stage?: LeadStage;
      from?: Record<string, LeadStage>;
      /** An assignment: each lead's owner before (what its Undo gives it back to). */
      owners?: Record<string, string | null>;
      /** It was an Undo of a stage change or an assignment (no Undo is offered for that). */
      restored?: true;
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
