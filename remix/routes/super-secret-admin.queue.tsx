import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
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
import { QueueFilters } from '~/components/admin/queue/queue-filters';
import { QueueHint } from '~/components/admin/queue/queue-hint';
import { QueueKeys } from '~/components/admin/queue/queue-keys';
import { QueueList } from '~/components/admin/queue/queue-list';
import { QUEUE_PAGE_PATH } from '~/config/paths';
import { adminPageMeta } from '~/utils/admin-meta';
import { queueQueryOf, queueSearch, queueViewOf } from '~/utils/queue-view';
import { requireAdmin } from '~/utils/session.server';

/**
 * The queue (issue 32): one list of the leads of every kind the admin may see (`GET /leads`), its
 * view in the URL, the open lead beside it (`queue/<kind>/<id>`, the same view kept).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const view = queueViewOf(new URL(request.url).searchParams);
  const page = await listQueue(token, queueQueryOf(view));
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

/** Opening another lead changes nothing the list shows; a form posted on it may. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.currentUrl.search === args.nextUrl.search && !args.formAction
    ? false
    : args.defaultShouldRevalidate;

export default function QueueRoute() {
  const { view, rows, nextCursor, message } = useLoaderData<typeof loader>();
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
