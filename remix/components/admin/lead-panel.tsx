import { Form, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';

import {
  type Lead,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type LeadKindKey,
  type LeadListState,
  type LeadPage,
  type LeadTotals,
} from '@contract';
import { ADMIN_PATH } from '~/config/paths';
import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { useHydrated } from '~/hooks/use-hydrated';
import {
  type LeadActionResult,
  pageHref,
  useLeadActionFetcher,
  usePageFetcher,
} from '~/routes/super-secret-admin_.leads';
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

/** What an empty list says: [no search, a search]. */
const EMPTY_TEXT: Record<LeadListState, [string, string]> = {
  active: ['No requests yet.', 'No requests match your search.'],
  archived: ['No archived requests.', 'No archived requests match.'],
};

/** Spec section 8: failures are logged with these words and, beyond the spec, shown as an alert. */
function failureLog(logName: string, what: string) {
  return what.startsWith('fetch')
    ? `Failed to ${what} ${logName} requests`
    : `Failed to ${what} ${logName} request`;
}

/** What the dashboard's live poll says of this kind now. */
export interface LiveKind {
  totals: LeadTotals;
  /** The first page of the inbox. */
  active: LeadPage;
}

/**
 * One inbox: heading with its totals, search, export, active leads, and the archived dialog.
 * `live` (from the dashboard's poll) brings new leads and totals without a reload.
 */
export function LeadPanel({
  panel,
  live,
  onTotals,
}: {
  panel: InboxPanel;
  live?: LiveKind;
  /** Told whenever the panel's totals change (the page title sums the unread). */
  onTotals?: (kind: LeadKindKey, totals: LeadTotals) => void;
}) {
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

  const actions = useLeadActionFetcher(panel.kind);
  useFetcherResult(actions, (result) => {
    if (!result.ok) {
      const what = result.action ?? 'change';
      console.error(failureLog(kind.logName, what));
      setMoveAlerts((shown) => [...shown, `Could not ${what} the request: ${result.message}`]);
      return;
    }
    change(afterAction(view, result));
    if (result.action === 'unarchive') setShowArchived(false);
  });

  // New leads arrive through the live poll. Under the admin's pointer or focus they wait behind
  // a button, so nothing moves beneath a click; elsewhere they are shown at once.
  const listRef = useRef<HTMLDivElement>(null);
  const [waiting, setWaiting] = useState<Lead[]>([]);
  useEffect(() => {
    if (!live) return;
    const fresh = panel.q ? [] : newLeads(view.active, live.active.data);
    const holding =
      listRef.current?.matches(':hover') || listRef.current?.contains(document.activeElement);
    if (holding) {
      change({ totals: live.totals });
      setWaiting((already) => mergeNewest(fresh, already));
    } else {
      change({ totals: live.totals, active: prepend(view.active, fresh, live.totals.active) });
    }
    // Only a new poll answer is news; the view it merges into is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);
  useEffect(() => {
    if (view.totals) onTotals?.(panel.kind, view.totals);
  }, [view.totals, onTotals, panel.kind]);
  const showWaiting = () => {
    change({ active: prepend(view.active, waiting, view.totals?.active ?? null) });
    setWaiting([]);
  };

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

  const listOf = (state: LeadListState, list: ListResult) => (
    <LeadList
      kind={panel.kind}
      state={state}
      list={list}
      q={panel.q}
      emptyText={EMPTY_TEXT[state][panel.q ? 1 : 0]}
      onPage={(page) => change({ [state]: { ok: true, page } })}
    />
  );
  const archivedList = view.archived ? (
    listOf('archived', view.archived)
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
          {view.totals?.unread ? (
            <span className="badge rounded-pill text-bg-warning ms-1 lead-panel__unread">
              {view.totals.unread} new
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
        <Form
          method="get"
          role="search"
          // Four search landmarks on one page: each needs a name of its own.
          aria-label={`Search ${kind.panelTitle}`}
          className="lead-panel__search"
          replace
          preventScrollReset
        >
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
        {waiting.length > 0 ? (
          <Button size="sm" variant="warning" className="lead-panel__waiting" onClick={showWaiting}>
            Show {waiting.length} new {waiting.length === 1 ? 'request' : 'requests'}
          </Button>
        ) : null}
        <div ref={listRef}>{listOf('active', view.active)}</div>
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

/**
 * The panel after an action's answer. Moves and deletes: the answer's lists replace the panel's
 * (spec section 4). Read marks change no list's order, so the pages already loaded (Load more)
 * stay, with each lead's read mark as the answer has it.
 */
function afterAction(view: PanelView, result: Extract<LeadActionResult, { ok: true }>) {
  if (result.action !== 'read' && result.action !== 'unread')
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
  return {
    totals: result.totals,
    active: patch(view.active) ?? view.active,
    archived: patch(view.archived),
  };
}

/** Leads of `fresh` newer than any shown (the list is newest first). */
function newLeads(shown: ListResult, fresh: Lead[]): Lead[] {
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

function mergeNewest(fresh: Lead[], already: Lead[]): Lead[] {
  const ids = new Set(already.map((lead) => lead._id));
  return [...fresh.filter((lead) => !ids.has(lead._id)), ...already];
}

function prepend(list: ListResult, fresh: Lead[], total: number | null): ListResult {
  if (!list.ok) return list;
  return { ok: true, page: { ...list.page, data: [...fresh, ...list.page.data], total } };
}
