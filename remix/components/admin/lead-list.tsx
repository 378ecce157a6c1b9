import { type ReactNode, useState } from 'react';
import { Button } from 'react-bootstrap';

import { type LeadKindKey, type LeadListState, type LeadPage } from '@contract';
import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { useCan } from '~/hooks/use-me';
import { type ListResult, type PanelView } from '~/utils/inbox';

import { BulkActions } from './bulk-actions';
import { LeadActionForm, pageHref, useLeadActionFetcher, usePageFetcher } from './lead-actions';
import { LeadItem } from './lead-item';

interface LeadListProps {
  kind: LeadKindKey;
  state: LeadListState;
  list: ListResult;
  q: string;
  /** The panel's view (the active list's): Load more pages on in it. */
  view?: PanelView;
  /** What an empty list says (and offers). */
  emptyText: ReactNode;
  /** The list with the next page appended. */
  onPage: (page: LeadPage) => void;
}

/**
 * A panel's or dialog's list of leads as one form: a checkbox per lead and the bulk actions, each
 * lead's own button, and 'Load more' while the API has further pages.
 */
export function LeadList({ kind, state, list, q, view, emptyText, onPage }: LeadListProps) {
  const more = usePageFetcher();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const canWork = useCan('leads.work');

  useFetcherResult(more, (answer) => {
    if (answer.ok && list.ok)
      onPage({ ...answer.page, data: [...list.page.data, ...answer.page.data] });
  });
  // Whatever was done, the selection was for the lists as they were.
  useFetcherResult(useLeadActionFetcher(kind), () => setSelected(new Set()));

  if (!list.ok) return null;
  const { data: leads, nextCursor, total } = list.page;
  const loadFailed = more.state === 'idle' && more.data && !more.data.ok;
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <LeadActionForm kind={kind} q={q}>
      {leads.length === 0 ? (
        <div className="lead-list__empty text-body-secondary">{emptyText}</div>
      ) : (
        <>
          {canWork ? (
            <BulkActions
              kind={kind}
              state={state}
              shown={leads.map((lead) => lead._id)}
              stages={Object.fromEntries(leads.map((lead) => [lead._id, lead.stage]))}
              owners={Object.fromEntries(
                leads.map((lead) => [lead._id, lead.assignee?.id ?? null]),
              )}
              selected={selected}
              onSelectAll={(on) => setSelected(new Set(on ? leads.map((lead) => lead._id) : []))}
            />
          ) : null}
          <ul className="lead-list list-group list-group-flush">
            {leads.map((lead) => (
              <LeadItem
                key={lead._id}
                lead={lead}
                kind={kind}
                state={state}
                selected={selected.has(lead._id)}
                onSelect={select}
              />
            ))}
          </ul>
        </>
      )}
      {loadFailed ? (
        <p className="text-danger small mt-2" role="alert">
          Could not load more requests. Please try again.
        </p>
      ) : null}
      {nextCursor ? (
        <div className="lead-list__more">
          <span className="small text-body-secondary">
            {total === null ? `Showing ${leads.length}` : `Showing ${leads.length} of ${total}`}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={more.state !== 'idle'}
            onClick={() => more.load(pageHref(kind, state, { cursor: nextCursor, q, view }))}
          >
            {more.state === 'idle' ? 'Load more' : 'Loading…'}
          </Button>
        </div>
      ) : null}
    </LeadActionForm>
  );
}
