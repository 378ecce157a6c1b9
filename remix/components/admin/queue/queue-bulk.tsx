import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';

import { type LeadStage } from '@contract';
import { ACTION_LABELS } from '~/components/admin/lead-actions';
import { StageSelect } from '~/components/admin/lead-work/stage-select';
import { MoreActionsMenu, useMoreActionsMenu } from '~/components/admin/more-actions-menu';
import { QUEUE_ACTIONS_PATH } from '~/config/paths';

import {
  BULK_FIELD,
  type QueueBulkAction,
  type QueueBulkOutcome,
  type QueueBulkPart,
} from './queue-bulk-fields';
import { kindLabel } from './queue-filters';

const DONE: Record<QueueBulkAction, string> = {
  archive: 'Archived',
  spam: 'Marked as spam',
  read: 'Marked read',
  unread: 'Marked unread',
  stage: 'Stage set',
  assign: 'Assigned to you',
};
const leads = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

/**
 * The queue's bulk toolbar on the selected rows (`kind:id` refs), one row at any width: the
 * selection and Archive, the other actions in a menu. Each kind's leads go to that kind's own
 * bulk call; what a kind refused stays selected and is said, kind by kind.
 */
export function QueueBulk({
  selected,
  shown,
  onSelectAll,
  onDone,
}: {
  /** The selected rows' refs, in the list's order. */
  selected: string[];
  shown: number;
  onSelectAll: (all: boolean) => void;
  /** The refs acted on (taken out of the selection). */
  onDone: (refs: string[]) => void;
}) {
  const fetcher = useFetcher<QueueBulkOutcome>();
  const busy = fetcher.state !== 'idle';
  const [stage, setStage] = useState<LeadStage>('contacted');
  const all = useRef<HTMLInputElement>(null);
  const sent = useRef<string[]>([]);
  const count = selected.length;
  const menu = useMoreActionsMenu(busy || count === 0);

  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < shown;
  }, [count, shown]);
  // An answer: the leads of the kinds that were done leave the selection.
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!outcome) return;
    const done = new Set(outcome.parts.filter((part) => part.ok).map((part) => part.kind));
    onDone(sent.current.filter((ref) => done.has(ref.split(':')[0] as QueueBulkPart['kind'])));
    sent.current = [];
    // onDone is the list's setter; the answer is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

  const send = (action: QueueBulkAction) => {
    const body = new FormData();
    body.set(BULK_FIELD.action, action);
    if (action === 'stage') body.set(BULK_FIELD.stage, stage);
    for (const ref of selected) body.append(BULK_FIELD.lead, ref);
    sent.current = selected;
    menu.setOpen(false);
    void fetcher.submit(body, { method: 'post', action: QUEUE_ACTIONS_PATH });
  };
  const none = count === 0;
  const button = (action: QueueBulkAction, label: string = ACTION_LABELS[action]) => (
    <Button
      key={action}
      size="sm"
      variant="outline-secondary"
      disabled={none || busy}
      onClick={() => send(action)}
    >
      {label}
    </Button>
  );

  // The last answer stays said when the list it emptied has no rows left to select.
  if (shown === 0) return <QueueBulkResult outcome={outcome} />;
  return (
    <>
      <div className="lead-bulk queue-bulk" role="group" aria-label="Act on selected leads">
        <label className="lead-bulk__all">
          <input
            ref={all}
            type="checkbox"
            className="form-check-input"
            checked={count > 0 && count === shown}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
          <span>{count > 0 ? `${count} selected` : 'Select all'}</span>
        </label>
        {button('archive')}
        {button('spam')}
        <MoreActionsMenu {...menu} disabled={none || busy}>
          <div className="lead-bulk__menu-actions">
            {button('read')}
            {button('unread')}
            {button('assign', 'Assign to me')}
          </div>
          <span className="lead-bulk__stage">
            <StageSelect
              size="sm"
              value={stage}
              onChange={(event) => setStage(event.target.value as typeof stage)}
              aria-label="Stage for the selected leads"
              disabled={none || busy}
            />
            {button('stage')}
          </span>
        </MoreActionsMenu>
      </div>
      <QueueBulkResult outcome={outcome} />
    </>
  );
}

/** What the last bulk action did: all of it (a status), or what each refused kind said. */
function QueueBulkResult({ outcome }: { outcome: QueueBulkOutcome | undefined }) {
  // Present from the first render, so screen readers announce what arrives in it.
  const failed = outcome?.message || outcome?.parts.some((part) => !part.ok);
  return (
    <div className={failed ? 'alert alert-danger py-2 small' : 'small'} role="status">
      {outcome ? <BulkSummary outcome={outcome} /> : null}
    </div>
  );
}

function BulkSummary({ outcome }: { outcome: QueueBulkOutcome }) {
  if (outcome.message || !outcome.action) return <>{outcome.message}</>;
  const done = outcome.parts.filter((part) => part.ok).reduce((sum, part) => sum + part.count, 0);
  const total = outcome.parts.reduce((sum, part) => sum + part.count, 0);
  const refused = outcome.parts.filter((part) => !part.ok);
  const verb = DONE[outcome.action];
  if (refused.length === 0) return <>{`${verb}: ${leads(done)}.`}</>;
  return (
    <>
      <strong>{`${verb}: ${done} of ${leads(total)}.`}</strong> Not done, still selected:
      <ul className="mb-0">
        {refused.map((part) => (
          <li key={part.kind}>
            {kindLabel(part.kind)} ({leads(part.count)}): {'message' in part ? part.message : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
