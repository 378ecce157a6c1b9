import { Form, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';

import { LEAD_KIND_KEYS, LEAD_KINDS, type LeadListState, type LeadTotals } from '@contract';
import { ADMIN_PATH } from '~/config/paths';
import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { useHydrated } from '~/hooks/use-hydrated';
import { pageHref, useMoveFetcher, usePageFetcher } from '~/routes/super-secret-admin_.leads';
import { type InboxPanel, type ListResult, searchParam } from '~/utils/inbox';

import { LeadList } from './lead-list';

/** What a panel shows, and which loader answer it started from. */
interface PanelView {
  from: InboxPanel;
  totals: LeadTotals | null;
  active: ListResult;
  /** Null until the archive is shown (the dialog reads it when it opens). */
  archived: ListResult | null;
  /** Read-failure alerts the admin has closed. */
  dismissed: LeadListState[];
}

const viewOf = (panel: InboxPanel): PanelView => ({
  from: panel,
  totals: panel.totals,
  active: panel.active,
  archived: panel.archived,
  dismissed: [],
});

/** Spec section 8: failures are logged with these words and, beyond the spec, shown as an alert. */
function failureLog(logName: string, what: 'fetch' | 'fetch archived' | 'archive' | 'unarchive') {
  return what.startsWith('fetch')
    ? `Failed to ${what} ${logName} requests`
    : `Failed to ${what} ${logName} request`;
}

/** One inbox: heading with its total, search, export, active leads, and the archived dialog. */
export function LeadPanel({ panel }: { panel: InboxPanel }) {
  const kind = LEAD_KINDS[panel.kind];
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // The loader's lists as moves and paging change them here; a new loader answer (a search, a
  // re-read) starts over from it, in the same render.
  const [stored, setStored] = useState(() => viewOf(panel));
  const view = stored.from === panel ? stored : viewOf(panel);
  const change = useCallback(
    (patch: Partial<PanelView>) =>
      setStored((previous) => ({
        ...(previous.from === panel ? previous : viewOf(panel)),
        ...patch,
      })),
    [panel],
  );
  // Failed moves outlive the re-read that follows them (the dashboard is read again after one).
  const [moveAlerts, setMoveAlerts] = useState<string[]>([]);
  const archivedParam = searchParams.get('archived') === panel.kind;
  const [showArchived, setShowArchived] = useState(archivedParam);

  const lists = { active: view.active, archived: view.archived };
  useEffect(() => {
    if (!panel.active.ok) console.error(failureLog(kind.logName, 'fetch'));
    if (panel.archived && !panel.archived.ok)
      console.error(failureLog(kind.logName, 'fetch archived'));
  }, [panel, kind.logName]);

  const mover = useMoveFetcher(panel.kind);
  useFetcherResult(mover, (result) => {
    if (!result.ok) {
      const move = result.move ?? 'archive';
      console.error(failureLog(kind.logName, move));
      setMoveAlerts((shown) => [...shown, `Could not ${move} the request: ${result.message}`]);
      return;
    }
    // Spec section 4: the answer's lists replace what is displayed.
    change({ totals: result.totals, ...result.lists, dismissed: [] });
    if (result.move === 'unarchive') setShowArchived(false);
  });

  // The archive is read when its dialog opens, and again each time it does.
  const archiveReader = usePageFetcher();
  useFetcherResult(archiveReader, (list) => {
    if (!list.ok) console.error(failureLog(kind.logName, 'fetch archived'));
    change({ archived: list });
  });
  const openArchive = () => {
    setShowArchived(true);
    archiveReader.load(pageHref(panel.kind, 'archived', { q: panel.q }));
  };

  const exportHref = (state: LeadListState) =>
    `${ADMIN_PATH}/export?${new URLSearchParams({ kind: panel.kind, state, ...(panel.q ? { q: panel.q } : {}) })}`;
  const headingId = `panel-${panel.kind}`;
  const alerts = (['active', 'archived'] as const).flatMap((state) => {
    const list = lists[state];
    return list && !list.ok && !view.dismissed.includes(state)
      ? [{ state, message: list.message }]
      : [];
  });

  const archivedList = view.archived ? (
    <LeadList
      kind={panel.kind}
      state="archived"
      list={view.archived}
      q={panel.q}
      emptyText={panel.q ? 'No archived requests match.' : 'No archived requests.'}
      onPage={(page) => change({ archived: { ok: true, page } })}
    />
  ) : (
    <p className="text-body-secondary" role="status">
      Loading…
    </p>
  );

  return (
    <section className="lead-panel card h-100" aria-labelledby={headingId}>
      <div className="card-header lead-panel__header">
        <h2 className="h5 mb-0" id={headingId}>
          {kind.panelTitle}
          {view.totals ? (
            <span className="badge rounded-pill text-bg-secondary ms-2">
              <span className="visually-hidden"> (</span>
              {view.totals.active}
              <span className="visually-hidden"> active)</span>
            </span>
          ) : null}
        </h2>
        <div className="lead-panel__actions">
          <Button
            as="a"
            href={`?${mergeParams(searchParams, { archived: panel.kind })}`}
            size="sm"
            variant="primary"
            aria-haspopup="dialog"
            onClick={(event) => {
              // With JavaScript the dialog opens in place; without, the link shows the list inline.
              event.preventDefault();
              openArchive();
            }}
          >
            Archived{view.totals ? ` (${view.totals.archived})` : ''}
          </Button>
          <a className="btn btn-sm btn-link" href={exportHref('active')} download>
            Export CSV<span className="visually-hidden"> of {kind.panelTitle}</span>
          </a>
        </div>
        <Form method="get" role="search" className="lead-panel__search" replace preventScrollReset>
          {LEAD_KIND_KEYS.filter((key) => key !== panel.kind).map((key) => {
            const value = searchParams.get(searchParam(key));
            return value ? (
              <input key={key} type="hidden" name={searchParam(key)} value={value} />
            ) : null;
          })}
          <label className="visually-hidden" htmlFor={`search-${panel.kind}`}>
            Search {kind.panelTitle}
          </label>
          <input
            id={`search-${panel.kind}`}
            className="form-control form-control-sm"
            type="search"
            name={searchParam(panel.kind)}
            defaultValue={panel.q}
            placeholder="Search name, email…"
            maxLength={200}
            key={panel.q}
          />
          <Button type="submit" size="sm" variant="outline-secondary">
            Search
          </Button>
        </Form>
      </div>
      <div className="card-body lead-panel__body">
        {alerts.map(({ state, message }) => (
          <DismissibleAlert
            key={`list-${state}`}
            message={message}
            onClose={() => change({ dismissed: [...view.dismissed, state] })}
          />
        ))}
        {moveAlerts.map((message, index) => (
          <DismissibleAlert
            key={`move-${index}-${message}`}
            message={message}
            onClose={() => setMoveAlerts((shown) => shown.filter((_, i) => i !== index))}
          />
        ))}
        <LeadList
          kind={panel.kind}
          state="active"
          list={view.active}
          q={panel.q}
          emptyText={panel.q ? 'No requests match your search.' : 'No requests yet.'}
          onPage={(page) => change({ active: { ok: true, page } })}
        />
        {!hydrated && archivedParam ? (
          <section className="lead-panel__archived-inline" aria-label={kind.archivedTitle}>
            <h3 className="h6 mt-3">{kind.archivedTitle}</h3>
            {archivedList}
          </section>
        ) : null}
      </div>
      <Modal
        show={hydrated && showArchived}
        onHide={() => setShowArchived(false)}
        size="lg"
        aria-labelledby={`${headingId}-archived`}
        scrollable
      >
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" className="h5" id={`${headingId}-archived`}>
            {kind.archivedTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{archivedList}</Modal.Body>
        <Modal.Footer>
          <a className="btn btn-link me-auto" href={exportHref('archived')} download>
            Export CSV<span className="visually-hidden"> of {kind.archivedTitle}</span>
          </a>
          <Button variant="secondary" onClick={() => setShowArchived(false)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}

function DismissibleAlert({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Alert
      variant="danger"
      dismissible
      closeLabel="Dismiss"
      onClose={onClose}
      className="py-2 small"
    >
      {message}
    </Alert>
  );
}

function mergeParams(current: URLSearchParams, changes: Record<string, string>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) next.set(key, value);
  return next.toString();
}
