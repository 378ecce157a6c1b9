import { Form, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';

import { LEAD_KIND_KEYS, LEAD_KINDS, type LeadListState } from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';

import { type MoveResult, type PanelData, type PanelList, searchParam } from './inbox-types';
import { LeadList } from './lead-list';

const total = (list: PanelList) => (list.ok ? list.page.total : null);

/** Spec section 8: failures are logged with these words and, beyond the spec, shown as an alert. */
function failureLog(logName: string, what: 'fetch' | 'fetch archived' | 'archive' | 'unarchive') {
  return what.startsWith('fetch')
    ? `Failed to ${what} ${logName} requests`
    : `Failed to ${what} ${logName} request`;
}

/** One inbox: heading with its total, search, export, active leads, and the archived dialog. */
export function LeadPanel({ panel }: { panel: PanelData }) {
  const kind = LEAD_KINDS[panel.kind];
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [active, setActive] = useState(panel.active);
  const [archived, setArchived] = useState(panel.archived);
  // Failed reads come with the loader's answer; failed moves happen here. They are kept apart so a
  // re-read after a failed move (Remix revalidates then) doesn't wipe the move's message.
  const [moveAlerts, setMoveAlerts] = useState<string[]>([]);
  const [listAlertsDismissed, setListAlertsDismissed] = useState<number[]>([]);
  const archivedParam = searchParams.get('archived') === panel.kind;
  const [showArchived, setShowArchived] = useState(archivedParam);

  // A new loader answer (search, revalidation) replaces what this panel holds.
  useEffect(() => {
    setActive(panel.active);
    setArchived(panel.archived);
    const failures = [
      ...(panel.active.ok ? [] : [failureLog(kind.logName, 'fetch')]),
      ...(panel.archived.ok ? [] : [failureLog(kind.logName, 'fetch archived')]),
    ];
    failures.forEach((message) => console.error(message));
    setListAlertsDismissed([]);
  }, [panel, kind.logName]);
  const listAlerts = [panel.active, panel.archived].flatMap((list, index) =>
    list.ok || listAlertsDismissed.includes(index) ? [] : [{ index, message: list.message }],
  );

  const onMoved = useCallback(
    (result: MoveResult) => {
      if (!result.ok) {
        console.error(failureLog(kind.logName, result.intent));
        setMoveAlerts((shown) => [
          ...shown,
          `Could not ${result.intent} the request: ${result.message}`,
        ]);
        return;
      }
      // Spec section 4: the answer's two lists replace what is displayed.
      setActive({ ok: true, page: result.active });
      setArchived({ ok: true, page: result.archived });
      if (result.intent === 'unarchive') setShowArchived(false);
    },
    [kind.logName],
  );

  const exportHref = (state: LeadListState) =>
    `/super-secret-admin/export?${new URLSearchParams({ kind: panel.kind, state, ...(panel.q ? { q: panel.q } : {}) })}`;
  const headingId = `panel-${panel.kind}`;
  const activeTotal = total(active);
  const archivedTotal = total(archived);

  const archivedList = (
    <LeadList
      kind={panel.kind}
      state="archived"
      list={archived}
      q={panel.q}
      emptyText={panel.q ? 'No archived requests match.' : 'No archived requests.'}
      onPage={(page) => setArchived({ ok: true, page })}
      onMoved={onMoved}
    />
  );

  return (
    <section className="lead-panel card h-100" aria-labelledby={headingId}>
      <div className="card-header lead-panel__header">
        <h2 className="h5 mb-0" id={headingId}>
          {kind.panelTitle}
          {activeTotal !== null ? (
            <span className="badge rounded-pill text-bg-secondary ms-2">
              <span className="visually-hidden"> (</span>
              {activeTotal}
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
              setShowArchived(true);
            }}
          >
            Archived{archivedTotal !== null ? ` (${archivedTotal})` : ''}
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
        {listAlerts.map(({ index, message }) => (
          <DismissibleAlert
            key={`list-${index}`}
            message={message}
            onClose={() => setListAlertsDismissed((shown) => [...shown, index])}
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
          list={active}
          q={panel.q}
          emptyText={panel.q ? 'No requests match your search.' : 'No requests yet.'}
          onPage={(page) => setActive({ ok: true, page })}
          onMoved={onMoved}
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
