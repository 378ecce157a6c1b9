import { useState } from 'react';
import { Button } from 'react-bootstrap';

import { LEAD_KINDS, type Lead, leadField, type LeadKindKey, SPAM_REASON_TEXT } from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';
import { useCan } from '~/hooks/use-me';
import { type ListResult } from '~/utils/inbox';

import { FIELD, LeadActionButton, LeadActionForm, oneLeadButton } from './lead-actions';
import { RelativeTime } from './relative-time';

/**
 * A kind's spam as one form: each lead with why it was held, in words, and its "Not spam" and
 * "Delete" buttons. Deleting asks first: in place with JavaScript, on the page without.
 */
export function SpamList({ kind, list }: { kind: LeadKindKey; list: ListResult }) {
  if (!list.ok) return null;
  const { data: leads, total } = list.page;
  if (leads.length === 0) return <p className="text-body-secondary">No spam.</p>;
  return (
    <LeadActionForm kind={kind} q="">
      <ul className="list-group list-group-flush spam-list">
        {leads.map((lead) => (
          <SpamItem key={lead._id} kind={kind} lead={lead} />
        ))}
      </ul>
      {total !== null && total > leads.length ? (
        <p className="text-body-secondary small mt-2">
          The {leads.length} most recent of {total}.
        </p>
      ) : null}
    </LeadActionForm>
  );
}

function SpamItem({ kind, lead }: { kind: LeadKindKey; lead: Lead }) {
  const descriptor = LEAD_KINDS[kind];
  const hydrated = useHydrated();
  const canDelete = useCan('leads.delete');
  const canWork = useCan('leads.work');
  const [confirming, setConfirming] = useState(false);
  const reasonsId = `spam-reasons-${lead._id}`;
  return (
    <li className="list-group-item spam-list__item">
      <div className="lead-item__head">
        <strong className="lead-item__name">{lead.name}</strong>
        <RelativeTime iso={lead.createdAt} />
      </div>
      <div className="lead-item__email">{lead.email}</div>
      {descriptor.hasSubject ? (
        <div className="lead-item__subject">{leadField(lead, 'subject')}</div>
      ) : null}
      <p className="lead-item__text">{leadField(lead, descriptor.textField)}</p>
      <p className="mb-1 small" id={reasonsId}>
        Held as spam because:
      </p>
      <ul className="spam-list__reasons small" aria-labelledby={reasonsId}>
        {lead.spamReasons.map((reason) => (
          <li key={reason}>{SPAM_REASON_TEXT[reason]}</li>
        ))}
      </ul>
      <div className="spam-list__actions">
        {canWork ? (
          <LeadActionButton kind={kind} action="not-spam" id={lead._id} name={lead.name} />
        ) : null}
        {!canDelete ? null : hydrated && confirming ? (
          <>
            {/* The confirmed form: the route deletes at once. */}
            <input type="hidden" name={FIELD.confirmed} value="1" />
            <Button
              type="submit"
              {...oneLeadButton('delete', lead._id)}
              size="sm"
              variant="danger"
              aria-label={`Delete ${lead.name} permanently`}
            >
              Delete permanently
            </Button>
            <Button size="sm" variant="link" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <LeadActionButton
            kind={kind}
            action="delete"
            id={lead._id}
            name={lead.name}
            variant="outline-danger"
            onClick={(event) => {
              // Without JavaScript the page asks to confirm; with it, this item does.
              if (!hydrated) return;
              event.preventDefault();
              setConfirming(true);
            }}
          />
        )}
      </div>
    </li>
  );
}
