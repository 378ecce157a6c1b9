import { Link, useLocation } from '@remix-run/react';

import {
  LEAD_KINDS,
  LEAD_MOVE_OUT_OF,
  type Lead,
  leadField,
  type LeadKindKey,
  type LeadListState,
} from '@contract';
import { useCan } from '~/hooks/use-me';
import { leadDetailPath, leadLinkId } from '~/utils/lead-detail';

import { FIELD, LeadActionButton } from './lead-actions';
import { STAGE_LABELS } from './lead-work';
import { RelativeTime } from './relative-time';

interface LeadItemProps {
  lead: Lead;
  kind: LeadKindKey;
  /** The list it is shown in (active: Archive; archived: Unarchive). */
  state: LeadListState;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
}

/**
 * One lead: a checkbox for acting on many, its name (a link to its detail), the fields of the
 * spec's table and its Archive or Unarchive button. Inside its list's LeadActionForm.
 */
export function LeadItem({ lead, kind, state, selected, onSelect }: LeadItemProps) {
  const descriptor = LEAD_KINDS[kind];
  const location = useLocation();
  const subject = descriptor.hasSubject ? leadField(lead, 'subject') : '';
  const unread = state === 'active' && !lead.readAt;
  // A role that only reads (a viewer) is offered nothing the API would refuse.
  const canWork = useCan('leads.work');
  return (
    <li className={`lead-item list-group-item${unread ? ' lead-item--unread' : ''}`}>
      <div className="lead-item__head">
        {canWork ? (
          <input
            type="checkbox"
            className="form-check-input lead-item__select"
            name={FIELD.ids}
            value={lead._id}
            checked={selected}
            onChange={(event) => onSelect(lead._id, event.target.checked)}
            aria-label={`Select ${lead.name}`}
          />
        ) : null}
        <Link
          to={`${leadDetailPath(kind, lead._id)}${location.search}`}
          id={leadLinkId(kind, lead._id)}
          className="lead-item__name"
          preventScrollReset
        >
          {lead.name}
        </Link>
        {/* Told by a word, not by its colour alone. */}
        {unread ? <span className="badge text-bg-warning lead-item__new">New</span> : null}
        {lead.overdue ? (
          <span className="badge text-bg-danger lead-item__overdue">Overdue</span>
        ) : null}
        {lead.wroteAgain ? (
          <span className="badge text-bg-info lead-item__wrote-again">Wrote again</span>
        ) : null}
        {lead.stage !== 'new' ? (
          <span className="badge text-bg-light lead-item__stage">{STAGE_LABELS[lead.stage]}</span>
        ) : null}
        <RelativeTime iso={lead.createdAt} />
      </div>
      <a className="lead-item__email" href={`mailto:${lead.email}`}>
        {lead.email}
      </a>
      {lead.phone_number ? <div className="lead-item__phone">{lead.phone_number}</div> : null}
      {subject ? <div className="lead-item__subject">{subject}</div> : null}
      <p className="lead-item__text">{leadField(lead, descriptor.textField)}</p>
      {canWork ? (
        <div>
          <LeadActionButton
            kind={kind}
            action={LEAD_MOVE_OUT_OF[state]}
            id={lead._id}
            name={lead.name}
          />
        </div>
      ) : null}
    </li>
  );
}
