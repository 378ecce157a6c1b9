import { useLocation } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import { LEAD_KINDS } from '@contract';
import { type PendingDelete } from '~/utils/inbox';

import { actionEntries, LEADS_PATH } from './lead-actions';

/**
 * The page's own "are you sure?" for a delete posted without JavaScript (with it, the list asks
 * in place). Deleting is permanent, so it is a second, explicit form.
 */
export function DeleteConfirmation({ pending }: { pending: PendingDelete }) {
  const location = useLocation();
  const back = new URLSearchParams(location.search);
  for (const key of ['confirm', 'kind', 'ids']) back.delete(key);
  const returnTo = `${location.pathname}${back.size ? `?${back}` : ''}`;
  const count = pending.ids.length;
  return (
    <Alert variant="danger" className="delete-confirmation">
      <form method="post" action={LEADS_PATH}>
        <p className="mb-2">
          Delete {count} archived {count === 1 ? 'request' : 'requests'} of{' '}
          {LEAD_KINDS[pending.kind].panelTitle} permanently? This cannot be undone.
        </p>
        {actionEntries({
          action: 'delete',
          kind: pending.kind,
          ids: pending.ids,
          confirmed: true,
          returnTo,
        }).map(([name, value]) => (
          <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="danger" size="sm">
          Delete permanently
        </Button>{' '}
        <a className="btn btn-link btn-sm" href={returnTo}>
          Cancel
        </a>
      </form>
    </Alert>
  );
}
