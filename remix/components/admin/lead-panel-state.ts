import { type Lead, type LeadListState, type LeadPage, type LeadTotals } from '@contract';
import {
  type ActionOutcome,
  type InboxPanel,
  type ListResult,
  type PanelView,
} from '~/utils/inbox';

// A lead panel's state and every way it changes, as a pure reducer (the component only renders it
// and turns events into these actions).

/** What the dashboard's live poll says of this kind now. */
export interface LiveKind {
  totals: LeadTotals;
  /** The first page of the inbox. */
  active: LeadPage;
}

export interface PanelState {
  /** The panel's search ('' for none): a searched panel takes no new leads from the live poll. */
  q: string;
  /** A panel showing one view of its leads takes no new ones from the live poll either. */
  view: PanelView;
  totals: LeadTotals | null;
  active: ListResult;
  /** Null until the archive is shown (the dialog reads it when it opens). */
  archived: ListResult | null;
  /** Read-failure alerts the admin has closed. */
  dismissed: LeadListState[];
  /** Failed actions, said until closed. */
  actionAlerts: string[];
  /** New leads held back behind a button while the admin's pointer or focus is on the list. */
  waiting: Lead[];
  showArchived: boolean;
}

export type PanelAction =
  | { type: 'acted'; result: Extract<ActionOutcome, { ok: true }> }
  | { type: 'actionFailed'; message: string }
  | { type: 'closeActionAlert'; index: number }
  | { type: 'dismissList'; state: LeadListState }
  | { type: 'page'; state: LeadListState; page: LeadPage }
  | { type: 'openArchive' }
  | { type: 'archiveRead'; list: ListResult }
  | { type: 'closeArchive' }
  | { type: 'live'; live: LiveKind; holding: boolean }
  | { type: 'showWaiting' };

/**
 * The panel as a loader answer starts it. What the admin is in the middle of (failed actions'
 * alerts, held-back leads, the open dialog) outlives a new answer: a failed action reads the
 * dashboard again.
 */
export function panelState(panel: InboxPanel, previous?: PanelState, showArchived = false) {
  return {
    q: panel.q,
    view: panel.view,
    totals: panel.totals,
    active: panel.active,
    archived: panel.archived,
    dismissed: [],
    actionAlerts: previous?.actionAlerts ?? [],
    waiting: previous?.waiting ?? [],
    showArchived: previous?.showArchived ?? showArchived,
  } satisfies PanelState as PanelState;
}

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'acted':
      return {
        ...state,
        ...afterAction(state, action.result),
        // Unarchived leads are back in the inbox: that is where to look now.
        showArchived: action.result.action === 'unarchive' ? false : state.showArchived,
      };
    case 'actionFailed':
      return { ...state, actionAlerts: [...state.actionAlerts, action.message] };
    case 'closeActionAlert':
      return { ...state, actionAlerts: state.actionAlerts.filter((_, i) => i !== action.index) };
    case 'dismissList':
      return { ...state, dismissed: [...state.dismissed, action.state] };
    case 'page':
      return { ...state, [action.state]: { ok: true, page: action.page } };
    case 'openArchive':
      return { ...state, showArchived: true };
    case 'archiveRead':
      return { ...state, archived: action.list };
    case 'closeArchive':
      return { ...state, showArchived: false };
    case 'live': {
      const { live, holding } = action;
      const fresh = state.q || state.view !== 'all' ? [] : newLeads(state.active, live.active.data);
      return holding
        ? { ...state, totals: live.totals, waiting: mergeNewest(fresh, state.waiting) }
        : {
            ...state,
            totals: live.totals,
            active: prepend(state.active, fresh, live.totals.active),
          };
    }
    case 'showWaiting':
      return {
        ...state,
        active: prepend(state.active, state.waiting, state.totals?.active ?? null),
        waiting: [],
      };
  }
}

/**
 * The lists and totals after an action's answer. Moves and deletes: the answer's lists replace the
 * panel's (spec section 4), except a view's (Needs reply, Mine), which is read again. Read marks change no list's order, so the pages already loaded (Load
 * more) stay, with each lead's read mark as the answer has it.
 */
export function afterAction(
  state: Pick<PanelState, 'active' | 'archived'> & { view?: PanelView },
  result: Extract<ActionOutcome, { ok: true }>,
): Pick<PanelState, 'totals' | 'active' | 'archived'> & { dismissed?: LeadListState[] } {
  const marks = result.action === 'read' || result.action === 'unread';
  if (!marks && (state.view ?? 'all') === 'all')
    return { totals: result.totals, ...result.lists, dismissed: [] };
  const answered = new Map(
    Object.values(result.lists).flatMap((list) =>
      list.ok ? list.page.data.map((lead) => [lead._id, lead] as const) : [],
    ),
  );
  const patch = (list: ListResult | null): ListResult | null =>
    list?.ok
      ? {
          ok: true,
          page: {
            ...list.page,
            data: list.page.data.map((lead) => answered.get(lead._id) ?? lead),
          },
        }
      : list;
  // A view's list is not in the answer (it holds the whole list's first page): its leads keep
  // their place, patched, until the dashboard reads the view again.
  return {
    totals: result.totals,
    active: patch(state.active) ?? state.active,
    archived: marks ? patch(state.archived) : result.lists.archived,
  };
}

/** Leads of `fresh` newer than any shown (the list is newest first). */
export function newLeads(shown: ListResult, fresh: Lead[]): Lead[] {
  if (!shown.ok) return [];
  const [newest] = shown.page.data;
  const seen = new Set(shown.page.data.map((lead) => lead._id));
  return fresh.filter(
    (lead) =>
      !seen.has(lead._id) &&
      (!newest ||
        lead.createdAt > newest.createdAt ||
        (lead.createdAt === newest.createdAt && lead._id > newest._id)),
  );
}

/** Held-back leads with `fresh` ones added in front, each once. */
export function mergeNewest(fresh: Lead[], already: Lead[]): Lead[] {
  const ids = new Set(already.map((lead) => lead._id));
  return [...fresh.filter((lead) => !ids.has(lead._id)), ...already];
}

/** A list with `fresh` leads on top and the total the poll gave. */
export function prepend(list: ListResult, fresh: Lead[], total: number | null): ListResult {
  if (!list.ok) return list;
  return { ok: true, page: { ...list.page, data: [...fresh, ...list.page.data], total } };
}
