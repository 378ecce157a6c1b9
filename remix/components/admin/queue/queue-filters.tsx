import { Form } from '@remix-run/react';

import { LEAD_KIND_KEYS, LEAD_KINDS, LEAD_STAGES, QUEUE_SORTS, type QueueSort } from '@contract';
import { QUEUE_PAGE_PATH } from '~/config/paths';
import { QUEUE_LISTS, type QueueListName, type QueueView } from '~/utils/queue-view';

export const kindLabel = (kind: keyof typeof LEAD_KINDS) =>
  LEAD_KINDS[kind].panelTitle.replace(/ Requests$/, '');

const SORT_LABELS: Record<QueueSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  due: 'Due soonest',
};
const LIST_LABELS: Record<QueueListName, string> = {
  inbox: 'Inbox',
  archived: 'Archived',
  spam: 'Spam',
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The queue's filters and sort: a plain GET form, so the view lives in the URL (a link opens the
 * same list) and works without JavaScript. A new filter starts at the first page.
 */
export function QueueFilters({ view }: { view: QueueView }) {
  return (
    <Form method="get" action={QUEUE_PAGE_PATH} className="queue-filters" aria-label="Filters">
      <div className="queue-filters__field queue-filters__search">
        <label htmlFor="queue-q">Search</label>
        <input
          id="queue-q"
          name="q"
          type="search"
          defaultValue={view.q}
          className="form-control form-control-sm"
          maxLength={200}
        />
      </div>
      <Select id="queue-kind" name="kind" label="Kind" value={view.kind?.[0] ?? ''}>
        <option value="">All kinds</option>
        {LEAD_KIND_KEYS.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabel(kind)}
          </option>
        ))}
      </Select>
      <Select id="queue-stage" name="stage" label="Stage" value={view.stage?.[0] ?? ''}>
        <option value="">Any stage</option>
        {LEAD_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {capital(stage)}
          </option>
        ))}
      </Select>
      <Select id="queue-owner" name="owner" label="Owner" value={view.owner}>
        <option value="anyone">Anyone</option>
        <option value="me">Me</option>
        <option value="nobody">Nobody</option>
      </Select>
      <Select id="queue-list" name="list" label="List" value={view.list}>
        {QUEUE_LISTS.map((list) => (
          <option key={list} value={list}>
            {LIST_LABELS[list]}
          </option>
        ))}
      </Select>
      <Select id="queue-sort" name="sort" label="Sort" value={view.sort}>
        {QUEUE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </Select>
      <div className="queue-filters__checks">
        <Check
          id="queue-needs-reply"
          name="needsReply"
          label="Needs reply"
          checked={view.needsReply}
        />
        <Check id="queue-overdue" name="overdue" label="Overdue" checked={view.overdue} />
      </div>
      <button type="submit" className="btn btn-primary btn-sm queue-filters__submit">
        Show
      </button>
    </Form>
  );
}

function Select({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <div className="queue-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} className="form-select form-select-sm">
        {children}
      </select>
    </div>
  );
}

function Check({
  id,
  name,
  label,
  checked,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
}) {
  return (
    <div className="form-check form-check-inline">
      <input
        id={id}
        name={name}
        value="true"
        type="checkbox"
        defaultChecked={checked}
        className="form-check-input"
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}
