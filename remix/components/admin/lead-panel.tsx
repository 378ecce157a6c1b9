import { Link, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';

import { LEAD_KINDS, type LeadKindKey, type LeadListState, type LeadTotals } from '@contract';
import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { useHydrated } from '~/hooks/use-hydrated';
import { useReducerFrom } from '~/hooks/use-reducer-from';
import { type ActionOutcome, type InboxPanel, type ListResult, viewParam } from '~/utils/inbox';

import { DismissibleAlert } from './dismissible-alert';
import { pageHref, useLeadActionFetcher, usePageFetcher } from './lead-actions';
import { LeadList } from './lead-list';
import { LeadPanelArchive } from './lead-panel-archive';
import { LeadPanelHeader } from './lead-panel-header';
import { LeadPanelSpam } from './lead-panel-spam';
import { type LiveKind, panelReducer, panelState } from './lead-panel-state';
import { SpamList } from './spam-list';

export type { LiveKind } from './lead-panel-state';

/** What an empty list says: [no search, a search]. */
const EMPTY_TEXT: Record<LeadListState, [string, string]> = {
  active: ['No requests yet.', 'No requests match your search.'],
  archived: ['No archived requests.', 'No archived requests match.'],
};

/**
 * An empty view other than All. A search there found nothing in the view: it offers the same
 * search in All (issue 32: "Nothing in this view." left the admin no way there).
 */
function ViewEmpty({ kind, q }: { kind: LeadKindKey; q: string }) {
  const [searchParams] = useSearchParams();
  if (!q) return <p className="mb-0">Nothing in this view.</p>;
  const all = new URLSearchParams(searchParams);
  all.delete(viewParam(kind));
  return (
    <p className="mb-0">
      Nothing in this view matches your search.{' '}
      <Link to={`?${all}`} preventScrollReset>
        Search “{q}” in All
      </Link>
    </p>
  );
}

/** Spec section 8: failures are logged with these words and, beyond the spec, shown as an alert. */
function failureLog(logName: string, what: string) {
  return what.startsWith('fetch')
    ? `Failed to ${what} ${logName} requests`
    : `Failed to ${what} ${logName} request`;
}

/**
 * One inbox: heading with its totals, search, export, active leads, and the archived dialog.
 * `live` (from the dashboard's poll) brings new leads and totals without a reload.
 */
export function LeadPanel({
  panel,
  live,
  onTotals,
  onActed,
}: {
  panel: InboxPanel;
  live?: LiveKind;
  /** Told whenever the panel's totals change (the page title sums what needs a reply). */
  onTotals?: (kind: LeadKindKey, totals: LeadTotals) => void;
  /** Told of each action done (the dashboard offers to undo it). */
  onActed?: (result: Extract<ActionOutcome, { ok: true }>) => void;
}) {
  const kind = LEAD_KINDS[panel.kind];
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const archivedParam = searchParams.get('archived') === panel.kind;
  const spamParam = searchParams.get('spam') === panel.kind;
  // The loader's lists as actions, paging and the poll change them; a new loader answer (a
  // search, a re-read) starts over from it.
  const [view, send] = useReducerFrom(panel, panelReducer, (from, previous) =>
    panelState(from, previous, archivedParam),
  );

  useEffect(() => {
    if (!panel.active.ok) console.error(failureLog(kind.logName, 'fetch'));
    if (panel.archived && !panel.archived.ok)
      console.error(failureLog(kind.logName, 'fetch archived'));
  }, [panel, kind.logName]);

  // Spam is read when its dialog opens, and again after each action while it is open.
  const spamReader = usePageFetcher();
  const [showSpam, setShowSpam] = useState(false);
  const readSpam = () => spamReader.load(pageHref(panel.kind, 'spam', {}));
  const openSpam = () => {
    setShowSpam(true);
    readSpam();
  };

  useFetcherResult(useLeadActionFetcher(panel.kind), (result) => {
    if (showSpam) readSpam();
    if (result.ok) {
      onActed?.(result);
      return send({ type: 'acted', result });
    }
    const what = result.action ?? 'change';
    console.error(failureLog(kind.logName, what));
    send({ type: 'actionFailed', message: `Could not ${what} the request: ${result.message}` });
  });

  // New leads arrive through the live poll. Under the admin's pointer or focus they wait behind
  // a button, so nothing moves beneath a click; elsewhere they are shown at once.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!live) return;
    const list = listRef.current;
    const holding = Boolean(list?.matches(':hover') || list?.contains(document.activeElement));
    send({ type: 'live', live, holding });
  }, [live, send]);
  useEffect(() => {
    if (view.totals) onTotals?.(panel.kind, view.totals);
  }, [view.totals, onTotals, panel.kind]);

  // The archive is read when its dialog opens, and again each time it does.
  const archiveReader = usePageFetcher();
  useFetcherResult(archiveReader, (list) => {
    if (!list.ok) console.error(failureLog(kind.logName, 'fetch archived'));
    send({ type: 'archiveRead', list });
  });
  const openArchive = () => {
    send({ type: 'openArchive' });
    archiveReader.load(pageHref(panel.kind, 'archived', { q: panel.q }));
  };

  const headingId = `panel-${panel.kind}`;
  const spamList = hydrated ? spamReader.data : panel.spam;
  const listAlerts = (['active', 'archived'] as const).flatMap((state) => {
    const list = view[state];
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
      view={state === 'active' ? panel.view : 'all'}
      emptyText={
        state === 'active' && panel.view !== 'all' ? (
          <ViewEmpty kind={panel.kind} q={panel.q} />
        ) : (
          <p className="mb-0">{EMPTY_TEXT[state][panel.q ? 1 : 0]}</p>
        )
      }
      onPage={(page) => send({ type: 'page', state, page })}
    />
  );

  return (
    <section className="lead-panel card h-100" aria-labelledby={headingId}>
      <LeadPanelHeader
        kind={panel.kind}
        q={panel.q}
        view={panel.view}
        totals={view.totals}
        headingId={headingId}
        onOpenArchive={openArchive}
        onOpenSpam={openSpam}
        shown={
          view.showArchived || archivedParam ? 'archived' : showSpam || spamParam ? 'spam' : null
        }
      />
      <div className="card-body lead-panel__body">
        {listAlerts.map(({ state, message }) => (
          <DismissibleAlert
            key={`list-${state}`}
            message={message}
            onClose={() => send({ type: 'dismissList', state })}
          />
        ))}
        {view.actionAlerts.map((message, index) => (
          <DismissibleAlert
            key={`move-${index}-${message}`}
            message={message}
            onClose={() => send({ type: 'closeActionAlert', index })}
          />
        ))}
        {view.waiting.length > 0 ? (
          <Button
            size="sm"
            variant="warning"
            className="lead-panel__waiting"
            onClick={() => send({ type: 'showWaiting' })}
          >
            Show {view.waiting.length} new {view.waiting.length === 1 ? 'request' : 'requests'}
          </Button>
        ) : null}
        <div ref={listRef}>{listOf('active', view.active)}</div>
        <LeadPanelArchive
          kind={panel.kind}
          q={panel.q}
          headingId={headingId}
          hydrated={hydrated}
          inline={archivedParam}
          show={view.showArchived}
          onClose={() => send({ type: 'closeArchive' })}
        >
          {view.archived ? (
            listOf('archived', view.archived)
          ) : (
            <p className="text-body-secondary" role="status">
              Loading…
            </p>
          )}
        </LeadPanelArchive>
        <LeadPanelSpam
          kind={panel.kind}
          headingId={headingId}
          hydrated={hydrated}
          inline={spamParam}
          show={showSpam}
          onClose={() => setShowSpam(false)}
        >
          {spamList?.ok ? (
            <SpamList kind={panel.kind} list={spamList} />
          ) : spamList ? (
            <p className="text-danger" role="alert">
              {spamList.message}
            </p>
          ) : (
            <p className="text-body-secondary" role="status">
              Loading…
            </p>
          )}
        </LeadPanelSpam>
      </div>
    </section>
  );
}
