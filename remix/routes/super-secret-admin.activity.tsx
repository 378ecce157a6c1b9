import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData } from '@remix-run/react';

import { type AuditEntry } from '@contract';
import { auditPage } from '~/api-client/audit.server';
import { ActivityTable } from '~/components/admin/activity-table';
import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { useMe } from '~/hooks/use-me';
import { useReducerFrom } from '~/hooks/use-reducer-from';
import { activityHref } from '~/utils/activity';
import { adminPageMeta } from '~/utils/admin-meta';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

/** Entries per page of the log. */
const PAGE_SIZE = 50;

/**
 * Who did what, newest first: the API's audit log a page at a time. 'Load older' is a link to the
 * next page (`?cursor=`); with JavaScript the older entries are added below instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const cursor = new URL(request.url).searchParams.get('cursor') || null;
  const outcome = await unlessSessionBlocked(
    await auditPage(token, { limit: PAGE_SIZE, cursor: cursor ?? undefined }),
  );
  if (!outcome.ok)
    return {
      ok: false as const,
      cursor,
      message:
        outcome.status === 400
          ? 'That page of the log does not exist.'
          : `Could not read the log. ${outcome.message}`,
    };
  return {
    ok: true as const,
    cursor,
    entries: outcome.data.entries,
    nextCursor: outcome.data.nextCursor,
  };
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

interface View {
  entries: AuditEntry[];
  nextCursor: string | null;
  /** What the last 'Load older' brought, for the live region. */
  said: string;
}

const viewOf = (loaded: Loaded): View => ({
  entries: loaded.ok ? loaded.entries : [],
  nextCursor: loaded.ok ? loaded.nextCursor : null,
  said: '',
});

const merge = (view: View, patch: Partial<View>): View => ({ ...view, ...patch });

export default function ActivityRoute() {
  const loaded = useLoaderData<typeof loader>();
  // A new loader answer (a navigation) starts over from it.
  const [view, change] = useReducerFrom(loaded, merge, viewOf);
  const older = useFetcher<typeof loader>();
  useFetcherResult(older, (answer) =>
    change(
      answer.ok
        ? {
            entries: [...view.entries, ...answer.entries],
            nextCursor: answer.nextCursor,
            said: `${answer.entries.length} older entries loaded.`,
          }
        : { said: answer.message },
    ),
  );
  const loading = older.state !== 'idle';
  // The API answers everyone's entries to a role with audit.read, else the admin's own.
  const everyone = useMe()?.permissions.includes('audit.read') ?? true;

  return (
    <>
      <h2 className="h4">{everyone ? 'Activity' : 'Your activity'}</h2>
      <p className="text-body-secondary">
        {everyone
          ? 'Every sign-in and every action on requests, newest first.'
          : 'Your own sign-ins and actions, newest first: your role shows only yours.'}{' '}
        Entries name requests by id only.
      </p>
      {loaded.cursor ? (
        <p>
          <a href={activityHref()}>Newest entries</a>
        </p>
      ) : null}
      {loaded.ok ? (
        <ActivityTable entries={view.entries} />
      ) : (
        <div className="alert alert-danger" role="alert">
          {loaded.message} <a href={activityHref()}>Show the newest entries</a>
        </div>
      )}
      <div className="activity__more">
        {view.nextCursor ? (
          <a
            className={`btn btn-outline-secondary${loading ? ' disabled' : ''}`}
            href={activityHref(view.nextCursor)}
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (!loading) older.load(activityHref(view.nextCursor));
            }}
          >
            {loading ? 'Loading…' : 'Load older'}
          </a>
        ) : loaded.ok && view.entries.length ? (
          <span className="text-body-secondary">That is the oldest entry.</span>
        ) : null}
        <span role="status" className="small">
          {view.said}
        </span>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Activity');
