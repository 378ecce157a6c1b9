import {
  isLeadKindKey,
  isLeadStage,
  isObjectId,
  QUEUE_OWNERS,
  QUEUE_SORTS,
  type QueueQuery,
  type QueueSort,
  type ViewQuery,
} from '@contract';

/** Which list the queue shows: the inbox, the archive or spam (`?list=` of the page). */
export const QUEUE_LISTS = ['inbox', 'archived', 'spam'] as const;
export type QueueListName = (typeof QUEUE_LISTS)[number];

/** The queue page's view as its URL holds it: the API's filters, with the list as one choice. */
export interface QueueView {
  kind: QueueQuery['kind'];
  stage: QueueQuery['stage'];
  owner: string;
  list: QueueListName;
  needsReply: boolean;
  overdue: boolean;
  q: string;
  sort: QueueSort;
  cursor?: string;
}

const listOf = (params: URLSearchParams, name: string) =>
  params.getAll(name).flatMap((value) => value.split(','));

/**
 * The view a URL asks for. What the page's own links and form never write (an unknown kind or
 * sort, a stray value) is left out rather than refused: a hand-edited link still opens a queue.
 */
export function queueViewOf(params: URLSearchParams): QueueView {
  const owner = params.get('owner') ?? 'anyone';
  const list = params.get('list');
  const sort = params.get('sort');
  const cursor = params.get('cursor');
  return {
    kind: listOf(params, 'kind').filter(isLeadKindKey),
    stage: listOf(params, 'stage').filter(isLeadStage),
    owner:
      (QUEUE_OWNERS as readonly string[]).includes(owner) || isObjectId(owner) ? owner : 'anyone',
    list: (QUEUE_LISTS as readonly string[]).includes(list ?? '')
      ? (list as QueueListName)
      : 'inbox',
    needsReply: params.get('needsReply') === 'true',
    overdue: params.get('overdue') === 'true',
    q: (params.get('q') ?? '').slice(0, 200),
    sort: (QUEUE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as QueueSort) : 'newest',
    ...(cursor && /^[A-Za-z0-9_-]{1,512}$/.test(cursor) ? { cursor } : {}),
  };
}

/** The API's query for a view (waits only on the inbox, where they apply). */
export function queueQueryOf(view: QueueView, limit?: number): QueueQuery {
  const inbox = view.list === 'inbox';
  return {
    kind: view.kind,
    stage: view.stage,
    owner: view.owner,
    needsReply: inbox && view.needsReply ? true : undefined,
    overdue: inbox && view.overdue ? true : undefined,
    archived: view.list === 'archived' ? true : undefined,
    spam: view.list === 'spam' ? true : undefined,
    q: view.q || undefined,
    sort: inbox || view.sort !== 'due' ? view.sort : 'newest',
    limit,
    cursor: view.cursor,
  };
}

/** A view's URL search (`?…`), defaults left out so links stay short. */
export function queueSearch(view: QueueView): string {
  const params = new URLSearchParams();
  if (view.kind?.length) params.set('kind', view.kind.join(','));
  if (view.stage?.length) params.set('stage', view.stage.join(','));
  if (view.owner !== 'anyone') params.set('owner', view.owner);
  if (view.list !== 'inbox') params.set('list', view.list);
  if (view.needsReply) params.set('needsReply', 'true');
  if (view.overdue) params.set('overdue', 'true');
  if (view.q) params.set('q', view.q);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  if (view.cursor) params.set('cursor', view.cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The page's view of a saved view's query (`GET /views`): what its link opens. */
export function queueViewOfQuery(query: ViewQuery): QueueView {
  return {
    kind: query.kind ?? [],
    stage: query.stage ?? [],
    owner: query.owner ?? 'anyone',
    list: query.archived ? 'archived' : query.spam ? 'spam' : 'inbox',
    needsReply: Boolean(query.needsReply),
    overdue: Boolean(query.overdue),
    q: query.q ?? '',
    sort: query.sort ?? 'newest',
  };
}

/** A view's query as a saved view holds it: the API's, without the page. */
export function viewQueryOf(view: QueueView): ViewQuery {
  const { limit: _limit, cursor: _cursor, ...query } = queueQueryOf({ ...view, cursor: undefined });
  return query;
}
