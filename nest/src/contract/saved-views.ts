import type { QueueQuery } from './queue';

// --- saved views of the queue (issue 32) -------------------------------------------------------

/** `GET /views`, `POST /views`, `PATCH /views/:id`, `DELETE /views/:id`. */
export const VIEWS_PATH = '/views';
/** `PUT /views/order`: the caller's own order of the views they see. */
export const VIEWS_ORDER_PATH = '/views/order';

/** The longest view name, in characters. */
export const VIEW_NAME_MAX = 60;
/** At most this many personal views per admin, and this many shared views for the team. */
export const VIEWS_MAX = 50;

/** What a view filters: `GET /leads`'s parameters without the page (`limit`, `cursor`). */
export type ViewQuery = Omit<QueueQuery, 'limit' | 'cursor'>;

/**
 * `default`: built in, everyone's (reorderable, never renamed, changed or deleted); `shared`: the
 * team's, changed by roles with `settings.leads`; `personal`: the caller's own.
 */
export const VIEW_SCOPES = ['default', 'shared', 'personal'] as const;
export type ViewScope = (typeof VIEW_SCOPES)[number];

export interface SavedView {
  /** A default's name-like id (`needs-reply`), else a 24-hex id. */
  id: string;
  name: string;
  scope: ViewScope;
  query: ViewQuery;
  /**
   * How many leads the view's list holds for the caller's access, from the kept totals; null
   * where the kept totals cannot say (a words search, a stage with needs reply…): docs/queue.md.
   */
  count: number | null;
}

/** The built-in views: ids, names and queries (`owner: 'me'` is each viewer's own). */
export const DEFAULT_VIEWS: readonly Omit<SavedView, 'count' | 'scope'>[] = [
  { id: 'needs-reply', name: 'Needs reply', query: { needsReply: true, sort: 'due' } },
  { id: 'mine', name: 'Mine', query: { owner: 'me' } },
  { id: 'unassigned', name: 'Unassigned', query: { owner: 'nobody' } },
  { id: 'overdue', name: 'Overdue', query: { overdue: true } },
];

export const isDefaultViewId = (id: string): boolean => DEFAULT_VIEWS.some((v) => v.id === id);

export interface ViewsResponse {
  success: true;
  /** In the caller's order: by default the defaults, the team's shared views, then their own. */
  views: SavedView[];
}

export interface ViewResponse {
  success: true;
  view: SavedView;
}

/** `POST /views`: `shared` (default false) needs `settings.leads`. */
export interface CreateViewRequest {
  name: string;
  query: ViewQuery;
  shared?: boolean;
}

/** `PATCH /views/:id`: a new name, a new query, or both. */
export interface UpdateViewRequest {
  name?: string;
  query?: ViewQuery;
}

/** `PUT /views/order`: view ids in the order wanted; those left out follow, in their order. */
export interface ViewOrderRequest {
  ids: string[];
}

/** A view's path. */
export const viewPath = (id: string): string => `${VIEWS_PATH}/${encodeURIComponent(id)}`;
