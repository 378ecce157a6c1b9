import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';

import { type SavedView, VIEW_NAME_MAX } from '@contract';
import { IntentField } from '~/components/forms/intent-field';
import { QUEUE_PAGE_PATH } from '~/config/paths';
import { queueSearch, type QueueView, queueViewOfQuery } from '~/utils/queue-view';

import { QUEUE_VIEW_FORMS, type QueueViewResult } from './queue-views-schema';

const SCOPE_LABELS: Record<SavedView['scope'], string | null> = {
  default: null,
  shared: 'Shared',
  personal: null,
};

/**
 * The queue's views (issue 32): the defaults, the team's shared views and the admin's own, in
 * their order, each a link that sets the URL's filters, with its kept count (none where the API
 * cannot count it). Moved with up/down buttons; the admin's own (and shared ones, for roles with
 * settings.leads) renamed or deleted; the filters shown saved as a new view.
 */
export function QueueViews({
  views,
  current,
  canShare,
}: {
  views: SavedView[];
  current: QueueView;
  canShare: boolean;
}) {
  const here = queueSearch({ ...current, cursor: undefined });
  const order = views.map((view) => view.id).join(',');
  return (
    <section className="queue-views" aria-labelledby="queue-views-title">
      <h3 className="queue-views__title" id="queue-views-title">
        Views
      </h3>
      <ul className="queue-views__list">
        {views.map((view, i) => (
          <ViewItem
            key={view.id}
            view={view}
            here={here}
            order={order}
            first={i === 0}
            last={i === views.length - 1}
            editable={view.scope === 'personal' || (view.scope === 'shared' && canShare)}
          />
        ))}
      </ul>
      <SaveView search={here} canShare={canShare} />
    </section>
  );
}

function ViewItem({
  view,
  here,
  order,
  first,
  last,
  editable,
}: {
  view: SavedView;
  here: string;
  order: string;
  first: boolean;
  last: boolean;
  editable: boolean;
}) {
  const mover = useFetcher<QueueViewResult>();
  const search = queueSearch(queueViewOfQuery(view.query));
  const current = search === here;
  const scope = SCOPE_LABELS[view.scope];
  return (
    <li className={`queue-view${current ? ' queue-view--current' : ''}`}>
      <Link
        to={`${QUEUE_PAGE_PATH}${search}`}
        className="queue-view__link"
        aria-current={current ? 'page' : undefined}
      >
        <span className="queue-view__name">{view.name}</span>
        {scope ? <span className="queue-view__scope">{scope}</span> : null}
        {view.count !== null ? (
          <span className="queue-view__count">
            {view.count}
            <span className="visually-hidden"> leads</span>
          </span>
        ) : null}
      </Link>
      <mover.Form method="post" action={QUEUE_PAGE_PATH} className="queue-view__moves">
        <IntentField forms={QUEUE_VIEW_FORMS} value="move" />
        <input type="hidden" name="id" value={view.id} />
        <input type="hidden" name="order" value={order} />
        <button
          type="submit"
          name="to"
          value="up"
          className="btn btn-link btn-sm"
          disabled={first}
          aria-label={`Move ${view.name} up`}
        >
          ↑
        </button>
        <button
          type="submit"
          name="to"
          value="down"
          className="btn btn-link btn-sm"
          disabled={last}
          aria-label={`Move ${view.name} down`}
        >
          ↓
        </button>
      </mover.Form>
      {editable ? <EditView view={view} /> : null}
    </li>
  );
}

function EditView({ view }: { view: SavedView }) {
  const editor = useFetcher<QueueViewResult>();
  const refused = editor.state === 'idle' && editor.data && !editor.data.ok ? editor.data : null;
  return (
    <details className="queue-view__edit">
      <summary aria-label={`Edit ${view.name}`}>Edit</summary>
      <editor.Form method="post" action={QUEUE_PAGE_PATH} className="queue-view__form">
        <input type="hidden" name="id" value={view.id} />
        <label htmlFor={`view-name-${view.id}`}>Name</label>
        <input
          id={`view-name-${view.id}`}
          name="name"
          defaultValue={view.name}
          maxLength={VIEW_NAME_MAX}
          required
          className="form-control form-control-sm"
        />
        <button type="submit" name="intent" value="rename" className="btn btn-primary btn-sm">
          Rename
        </button>
        <button
          type="submit"
          name="intent"
          value="delete"
          className="btn btn-outline-danger btn-sm"
        >
          Delete
        </button>
      </editor.Form>
      {refused ? (
        <p className="text-danger small" role="alert">
          {refused.errors?.name ?? refused.message}
        </p>
      ) : null}
    </details>
  );
}

function SaveView({ search, canShare }: { search: string; canShare: boolean }) {
  const saver = useFetcher<QueueViewResult>();
  const form = useRef<HTMLFormElement>(null);
  const done = saver.state === 'idle' ? saver.data : undefined;
  useEffect(() => {
    if (done?.ok) form.current?.reset();
  }, [done]);
  return (
    <details className="queue-views__save">
      <summary>Save view</summary>
      <saver.Form method="post" action={QUEUE_PAGE_PATH} ref={form} className="queue-view__form">
        <IntentField forms={QUEUE_VIEW_FORMS} value="save" />
        <input type="hidden" name="search" value={search} />
        <label htmlFor="queue-view-name">Name of the view (the filters shown)</label>
        <input
          id="queue-view-name"
          name="name"
          maxLength={VIEW_NAME_MAX}
          required
          className="form-control form-control-sm"
        />
        {canShare ? (
          <div className="form-check">
            <input
              id="queue-view-shared"
              name="shared"
              value="true"
              type="checkbox"
              className="form-check-input"
            />
            <label htmlFor="queue-view-shared" className="form-check-label">
              Shared with the team
            </label>
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm">
          Save view
        </button>
      </saver.Form>
      {done && !done.ok ? (
        <p className="text-danger small" role="alert">
          {done.errors?.name ?? done.message}
        </p>
      ) : null}
    </details>
  );
}
