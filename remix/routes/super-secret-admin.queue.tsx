import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Link,
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useParams,
} from '@remix-run/react';

import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { listQueue } from '~/api-client/queue.server';
import { listViews } from '~/api-client/views.server';
import { QueueFilters } from '~/components/admin/queue/queue-filters';
import { QueueHint } from '~/components/admin/queue/queue-hint';
import { QueueKeys } from '~/components/admin/queue/queue-keys';
import { QueueList } from '~/components/admin/queue/queue-list';
import { QueueViews } from '~/components/admin/queue/queue-views';
import { QUEUE_PAGE_PATH } from '~/config/paths';
import { useCan } from '~/hooks/use-me';
import { adminPageMeta } from '~/utils/admin-meta';
import { queueQueryOf, queueSearch, queueViewOf } from '~/utils/queue-view';
import { queueViewAction } from '~/utils/queue-views.server';
import { requireAdmin } from '~/utils/session.server';

/**
 * The queue (issue 32): one list of the leads of every kind the admin may see (`GET /leads`), its
 * view in the URL, the open lead beside it (`queue/<kind>/<id>`, the same view kept).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const view = queueViewOf(new URL(request.url).searchParams);
  const [page, listed] = await Promise.all([
    listQueue(token, queueQueryOf(view)),
    listViews(token),
  ]);
  // The view list is an aid: without it (the API refused or was away) the queue still shows.
  const views = listed.ok ? listed.data.views : [];
  return { views, ...(await queuePage(token, view, page)) };
}

/** The list's page, or on a cursor the API no longer takes, the first page with a note. */
async function queuePage(
  token: string,
  view: ReturnType<typeof queueViewOf>,
  page: Awaited<ReturnType<typeof listQueue>>,
) {
  if (page.ok)
    return { view, rows: page.data.data, nextCursor: page.data.nextCursor, message: null };
  // A cursor the API no longer takes (another sort, a hand-edited link): the first page instead.
  const message =
    page.status === 400
      ? 'That page of the list is no longer valid: showing the first page.'
      : UNAVAILABLE_MESSAGE;
  const first =
    page.status === 400 && view.cursor
      ? await listQueue(token, queueQueryOf({ ...view, cursor: undefined }))
      : null;
  return first?.ok
    ? {
        view: { ...view, cursor: undefined },
        rows: first.data.data,
        nextCursor: first.data.nextCursor,
        message,
      }
    : { view, rows: [], nextCursor: null, message };
}

/** The view list's forms: save the filters as a view, rename, delete, move (`/views`). */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  return queueViewAction(await request.formData(), token);
}

/** Opening another lead changes nothing the list shows; a form posted on it may. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.currentUrl.search === args.nextUrl.search && !args.formAction
    ? false
    : args.defaultShouldRevalidate;

export default function QueueRoute() {
  const { view, views, rows, nextCursor, message } = useLoaderData<typeof loader>();
  const canShare = useCan('settings.leads');
  const { search } = useLocation();
  const { id } = useParams();
  const first = view.cursor
    ? `${QUEUE_PAGE_PATH}${queueSearch({ ...view, cursor: undefined })}`
    : null;
  const next = nextCursor
    ? `${QUEUE_PAGE_PATH}${queueSearch({ ...view, cursor: nextCursor })}`
    : null;
  return (
    <div className={`queue${id ? ' queue--open' : ''}`}>
      <section className="queue__list" aria-labelledby="queue-title">
        <h2 className="h4" id="queue-title">
          Queue
        </h2>
        <QueueViews views={views} current={view} canShare={canShare} />
        <QueueFilters view={view} />
        <QueueHint />
        {message ? (
          <p className="alert alert-warning" role="status">
            {message}
          </p>
        ) : null}
        <QueueList rows={rows} search={search} openId={id} sort={view.sort} />
        {first || next ? (
          <nav className="queue__pages" aria-label="Pages">
            {first ? <Link to={first}>First page</Link> : null}
            {next ? <Link to={next}>Next page</Link> : null}
          </nav>
        ) : null}
      </section>
      <div className="queue__detail">
        <Outlet />
      </div>
      <QueueKeys />
    </div>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Queue');
