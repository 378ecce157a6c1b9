import { LEAD_KINDS, type Lead, leadField, type LeadKindKey, type LeadListState } from '@contract';
import { MoveButton } from '~/routes/super-secret-admin_.leads';

import { RelativeTime } from './relative-time';

interface LeadItemProps {
  lead: Lead;
  kind: LeadKindKey;
  /** The list it is shown in (active: Archive; archived: Unarchive). */
  state: LeadListState;
  /** The panel's search text. */
  q: string;
}

/** One lead with the fields of the spec's table and its Archive or Unarchive button. */
export function LeadItem({ lead, kind, state, q }: LeadItemProps) {
  const descriptor = LEAD_KINDS[kind];
  const subject = descriptor.hasSubject ? leadField(lead, 'subject') : '';
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
      <p className="lead-item__text">{leadField(lead, descriptor.textField)}</p>
      <MoveButton kind={kind} state={state} id={lead._id} name={lead.name} q={q} />
    </li>
  );
}
