import { useLocation } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { LEAD_KINDS, type Lead, type LeadKindKey } from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';

import { type MoveFetcher } from './inbox-types';
import { RelativeTime } from './relative-time';

interface LeadItemProps {
  lead: Lead;
  kind: LeadKindKey;
  intent: 'archive' | 'unarchive';
  /** The panel's search text: a searched panel is re-read after the move. */
  q: string;
  /** The panel's move fetcher: the panel, not the item, takes the answer (the item may be gone). */
  mover: MoveFetcher;
}

/** One lead with the fields of the spec's table and its Archive or Unarchive button. */
export function LeadItem({ lead, kind, intent, q, mover }: LeadItemProps) {
  const descriptor = LEAD_KINDS[kind];
  const location = useLocation();
  const hydrated = useHydrated();
  const record = lead as unknown as Record<string, string>;
  const subject = descriptor.hasSubject ? record.subject : undefined;

  // One move at a time per panel: each answer replaces both of the panel's lists.
  const busy = mover.state !== 'idle';
  return (
    <li className="lead-item list-group-item">
      <div className="lead-item__head">
        <strong className="lead-item__name">{lead.name}</strong>
        <RelativeTime iso={lead.createdAt} />
      </div>
      <a className="lead-item__email" href={`mailto:${lead.email}`}>
        {lead.email}
      </a>
      {lead.phone_number ? <div className="lead-item__phone">{lead.phone_number}</div> : null}
      {subject ? <div className="lead-item__subject">{subject}</div> : null}
      <p className="lead-item__text">{record[descriptor.textField]}</p>
      <mover.Form method="post" action="/super-secret-admin">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={lead._id} />
        <input type="hidden" name="q" value={q} />
        <input type="hidden" name="js" value={hydrated ? '1' : ''} />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <Button
          type="submit"
          size="sm"
          variant="outline-secondary"
          disabled={busy}
          aria-label={`${intent === 'archive' ? 'Archive' : 'Unarchive'} ${lead.name}`}
        >
          {intent === 'archive' ? 'Archive' : 'Unarchive'}
        </Button>
      </mover.Form>
    </li>
  );
}
