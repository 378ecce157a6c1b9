import { Form, Link, useSearchParams } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import {
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type LeadKindKey,
  type LeadListState,
  type LeadTotals,
} from '@contract';
import { ADMIN_PATH } from '~/config/paths';
import { useCan } from '~/hooks/use-me';
import {
  PANEL_VIEW_LABELS,
  PANEL_VIEWS,
  type PanelView,
  searchParam,
  viewParam,
} from '~/utils/inbox';

/** Where a panel's list downloads as CSV (its search kept). */
export const exportHref = (kind: LeadKindKey, state: LeadListState, q: string) =>
  `${ADMIN_PATH}/export?${new URLSearchParams({ kind, state, ...(q ? { q } : {}) })}`;

/** A panel's heading with its totals, its Archived and Export buttons, and its search. */
export function LeadPanelHeader({
  kind: key,
  q,
  view,
  totals,
  headingId,
  onOpenArchive,
  onOpenSpam,
  shown = null,
}: {
  kind: LeadKindKey;
  q: string;
  view: PanelView;
  totals: LeadTotals | null;
  headingId: string;
  onOpenArchive: () => void;
  onOpenSpam: () => void;
  /** The list open beside the inbox (its dialog, or inline without JavaScript), if any. */
  shown?: 'archived' | 'spam' | null;
}) {
  const kind = LEAD_KINDS[key];
  const canExport = useCan('leads.export');
  const [searchParams] = useSearchParams();
  const archivedHref = new URLSearchParams(searchParams);
  archivedHref.set('archived', key);
  const spamHref = new URLSearchParams(searchParams);
  spamHref.set('spam', key);
  return (
    <div className="card-header lead-panel__header">
      <h2 className="h5 mb-0" id={headingId}>
        {kind.panelTitle}
        {totals ? (
          <span className="badge rounded-pill text-bg-secondary ms-2">
            <span className="visually-hidden"> (</span>
            {totals.active}
            <span className="visually-hidden"> active)</span>
          </span>
        ) : null}
        {totals?.unread ? (
          <span className="badge rounded-pill text-bg-warning ms-1 lead-panel__unread">
            {totals.unread} new
          </span>
        ) : null}
      </h2>
      <div className="lead-panel__actions">
        {/* Archived and Spam alike: two lists beside the inbox, the open one shown pressed. */}
        <Button
          as="a"
          href={`?${archivedHref}`}
          size="sm"
          variant="outline-secondary"
          active={shown === 'archived'}
          aria-current={shown === 'archived' ? 'true' : undefined}
          aria-haspopup="dialog"
          onClick={(event) => {
            // With JavaScript the dialog opens in place; without, the link shows the list inline.
            event.preventDefault();
            onOpenArchive();
          }}
        >
          Archived{totals ? ` (${totals.archived})` : ''}
        </Button>
        <Button
          as="a"
          href={`?${spamHref}`}
          size="sm"
          variant="outline-secondary"
          active={shown === 'spam'}
          aria-current={shown === 'spam' ? 'true' : undefined}
          aria-haspopup="dialog"
          onClick={(event) => {
            // As Archived: a dialog with JavaScript, the list inline without.
            event.preventDefault();
            onOpenSpam();
          }}
        >
          Spam{totals ? ` (${totals.spam})` : ''}
          <span className="visually-hidden"> of {kind.panelTitle}</span>
        </Button>
        {canExport ? (
          <a className="btn btn-sm btn-link" href={exportHref(key, 'active', q)} download>
            Export CSV<span className="visually-hidden"> of {kind.panelTitle}</span>
          </a>
        ) : null}
      </div>
      <nav aria-label={`Views of ${kind.panelTitle}`} className="lead-panel__views">
        {PANEL_VIEWS.map((each) => {
          const href = new URLSearchParams(searchParams);
          if (each === 'all') href.delete(viewParam(key));
          else href.set(viewParam(key), each);
          return (
            <Link
              key={each}
              to={`?${href}`}
              preventScrollReset
              className={`btn btn-sm ${each === view ? 'btn-secondary' : 'btn-outline-secondary'}`}
              aria-current={each === view ? 'page' : undefined}
            >
              {PANEL_VIEW_LABELS[each]}
            </Link>
          );
        })}
      </nav>
      <Form
        method="get"
        role="search"
        // Four search landmarks on one page: each needs a name of its own.
        aria-label={`Search ${kind.panelTitle}`}
        className="lead-panel__search"
        replace
        preventScrollReset
      >
        {LEAD_KIND_KEYS.filter((other) => other !== key).map((other) => {
          const value = searchParams.get(searchParam(other));
          return value ? (
            <input key={other} type="hidden" name={searchParam(other)} value={value} />
          ) : null;
        })}
        {/* A search keeps every panel's view. */}
        {LEAD_KIND_KEYS.map((each) => {
          const value = searchParams.get(viewParam(each));
          return value ? (
            <input key={`view-${each}`} type="hidden" name={viewParam(each)} value={value} />
          ) : null;
        })}
        <label className="visually-hidden" htmlFor={`search-${key}`}>
          Search {kind.panelTitle}
        </label>
        <input
          id={`search-${key}`}
          className="form-control form-control-sm"
          type="search"
          name={searchParam(key)}
          defaultValue={q}
          placeholder="Search name, email…"
          maxLength={200}
          key={q}
        />
        <Button type="submit" size="sm" variant="outline-secondary">
          Search
        </Button>
      </Form>
    </div>
  );
}
