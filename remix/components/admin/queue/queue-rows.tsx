import { Link } from '@remix-run/react';

import { type QueueRow, type QueueSort } from '@contract';
import { RelativeTime } from '~/components/admin/relative-time';
import { queueLeadPath } from '~/config/paths';

import { leadRef } from './queue-bulk-fields';
import { kindLabel } from './queue-filters';

/** The class j/k move between (each row's link). */
export const QUEUE_ROW_LINK = 'queue-row__link';
/** The class of each row's checkbox (`x` ticks the focused row's). */
export const QUEUE_ROW_CHECK = 'queue-row__check';

/**
 * The queue's rows: name, kind, stage, owner, the first line, and the age (or the due time when
 * sorted by it, or overdue). Each row is a link to the lead beside the list, the view kept.
 */
export function QueueRows({
  rows,
  search,
  openId,
  sort,
  selection,
}: {
  rows: readonly QueueRow[];
  search: string;
  openId?: string;
  sort: QueueSort;
  /** The bulk toolbar's selection (for a role that works leads): a checkbox on each row. */
  selection?: { selected: ReadonlySet<string>; toggle: (ref: string) => void };
}) {
  if (rows.length === 0) return <p className="queue__empty">No leads match this view.</p>;
  return (
    <ol className="queue-rows" aria-label="Leads">
      {rows.map((row) => {
        const open = row.id === openId;
        const ref = leadRef(row.kind, row.id);
        return (
          <li key={ref} className={`queue-row${open ? ' queue-row--open' : ''}`}>
            {selection ? (
              <input
                type="checkbox"
                className={`form-check-input ${QUEUE_ROW_CHECK}`}
                aria-label={`Select ${row.name}`}
                aria-keyshortcuts="x"
                checked={selection.selected.has(ref)}
                onChange={() => selection.toggle(ref)}
              />
            ) : null}
            <Link
              to={`${queueLeadPath(row.kind, row.id)}${search}`}
              className={QUEUE_ROW_LINK}
              aria-current={open ? 'true' : undefined}
              preventScrollReset
            >
              <span className="queue-row__name">{row.name}</span>
              <span className="queue-row__meta">
                <span className="badge text-bg-light">{kindLabel(row.kind)}</span>
                <span className="queue-row__stage">{row.stage}</span>
                <span className="queue-row__owner">{row.owner ? row.owner.email : 'Nobody'}</span>
                {row.overdue ? <span className="badge text-bg-danger">Overdue</span> : null}
                {sort === 'due' || row.overdue ? (
                  <RelativeTime iso={row.dueAt} prefix="due " />
                ) : (
                  <RelativeTime iso={row.createdAt} />
                )}
              </span>
              {row.firstLine ? <span className="queue-row__line">{row.firstLine}</span> : null}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
