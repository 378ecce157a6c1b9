import { Button } from 'react-bootstrap';

import { type LeadKindKey, type LeadListState, type LeadPage } from '@contract';
import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { pageHref, usePageFetcher } from '~/routes/super-secret-admin_.leads';
import { type ListResult } from '~/utils/inbox';

import { LeadItem } from './lead-item';

interface LeadListProps {
  kind: LeadKindKey;
  state: LeadListState;
  list: ListResult;
  q: string;
  /** Text shown when the list is empty. */
  emptyText: string;
  /** The list with the next page appended. */
  onPage: (page: LeadPage) => void;
}

/** A panel's or dialog's list of leads, with 'Load more' while the API has further pages. */
export function LeadList({ kind, state, list, q, emptyText, onPage }: LeadListProps) {
  const more = usePageFetcher();

  useFetcherResult(more, (answer) => {
    if (answer.ok && list.ok)
      onPage({ ...answer.page, data: [...list.page.data, ...answer.page.data] });
  });

  if (!list.ok) return null;
  const { data: leads, nextCursor, total } = list.page;
  const loadFailed = more.state === 'idle' && more.data && !more.data.ok;

  return (
    <>
      {leads.length === 0 ? (
        <p className="lead-list__empty text-body-secondary">{emptyText}</p>
      ) : (
        <ul className="lead-list list-group list-group-flush">
          {leads.map((lead) => (
            <LeadItem key={lead._id} lead={lead} kind={kind} state={state} q={q} />
          ))}
        </ul>
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
            onClick={() => more.load(pageHref(kind, state, { cursor: nextCursor, q }))}
          >
            {more.state === 'idle' ? 'Load more' : 'Loading…'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
