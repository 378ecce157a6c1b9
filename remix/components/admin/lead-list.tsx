import { useFetcher } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { type LeadKindKey, type LeadListState } from '@contract';
import { useFetcherResult } from '~/hooks/use-fetcher-result';

import { type LeadPage, type MoveFetcher, type PanelList } from './inbox-types';
import { LeadItem } from './lead-item';

interface LeadListProps {
  kind: LeadKindKey;
  state: LeadListState;
  list: PanelList;
  q: string;
  /** Text shown when the list is empty. */
  emptyText: string;
  onPage: (page: LeadPage) => void;
  mover: MoveFetcher;
}

/** A panel's or dialog's list of leads, with 'Load more' while the API has further pages. */
export function LeadList({ kind, state, list, q, emptyText, onPage, mover }: LeadListProps) {
  const more = useFetcher<PanelList>();

  useFetcherResult(more, (answer) => {
    if (answer.ok && list.ok)
      onPage({ ...answer.page, items: [...list.page.items, ...answer.page.items] });
  });

  if (!list.ok) return null;
  const { items, nextCursor, total } = list.page;
  const loadFailed = more.state === 'idle' && more.data && !more.data.ok;

  return (
    <>
      {items.length === 0 ? (
        <p className="lead-list__empty text-body-secondary">{emptyText}</p>
      ) : (
        <ul className="lead-list list-group list-group-flush">
          {items.map((lead) => (
            <LeadItem
              key={lead._id}
              lead={lead}
              kind={kind}
              intent={state === 'active' ? 'archive' : 'unarchive'}
              q={q}
              mover={mover}
            />
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
            Showing {items.length} of {total}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={more.state !== 'idle'}
            onClick={() =>
              more.load(
                `/super-secret-admin/leads?${new URLSearchParams({ kind, state, cursor: nextCursor, q })}`,
              )
            }
          >
            {more.state === 'idle' ? 'Load more' : 'Loading…'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
