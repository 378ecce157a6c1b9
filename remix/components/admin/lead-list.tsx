import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { Button } from 'react-bootstrap';

import { type LeadKindKey, type LeadListState } from '@contract';

import { type LeadPage, type MoveResult, type PanelList } from './inbox-types';
import { LeadItem } from './lead-item';

interface LeadListProps {
  kind: LeadKindKey;
  state: LeadListState;
  list: PanelList;
  q: string;
  /** Text shown when the list is empty. */
  emptyText: string;
  onPage: (page: LeadPage) => void;
  onMoved: (result: MoveResult) => void;
}

/** A panel's or dialog's list of leads, with 'Load more' while the API has further pages. */
export function LeadList({ kind, state, list, q, emptyText, onPage, onMoved }: LeadListProps) {
  const more = useFetcher<PanelList>();

  useEffect(() => {
    if (more.state !== 'idle' || !more.data?.ok || !list.ok) return;
    const next = more.data.page;
    // Append once: the fetcher keeps its data, so skip a page already appended.
    if (list.page.items.some((lead) => lead._id === next.items[0]?._id)) return;
    onPage({ ...next, items: [...list.page.items, ...next.items] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly loaded page appends
  }, [more.state, more.data]);

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
              onMoved={onMoved}
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
