import { useState } from 'react';
import { Button } from 'react-bootstrap';

import { LEAD_KINDS, leadField, type Lead, type LeadKindKey } from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';

import { RelativeTime } from './relative-time';

/**
 * Every stored field of a lead and its dates, as a description list: the lead's detail and a
 * person's requests on the Privacy page show the same thing.
 */
export function LeadFields({ kind, lead }: { kind: LeadKindKey; lead: Lead }) {
  const descriptor = LEAD_KINDS[kind];
  const fields: [string, string][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', lead.phone_number],
    ...(descriptor.hasSubject
      ? ([['Subject', leadField(lead, 'subject')]] as [string, string][])
      : []),
    [capitalise(descriptor.textField), leadField(lead, descriptor.textField)],
  ];
  return (
    <dl className="lead-detail__fields">
      {fields.map(([label, value]) => (
        <div key={label} className="lead-detail__field">
          <dt>{label}</dt>
          <dd>
            {label === 'Email' ? (
              <EmailValue email={value} />
            ) : (
              value || <span className="text-body-secondary">—</span>
            )}
          </dd>
        </div>
      ))}
      <div className="lead-detail__field">
        <dt>Received</dt>
        <dd>
          <RelativeTime iso={lead.createdAt} /> ({exact(lead.createdAt)})
        </dd>
      </div>
      <div className="lead-detail__field">
        <dt>State</dt>
        <dd>
          {lead.archivedAt ? `Archived ${exact(lead.archivedAt)}` : 'In the inbox'}
          {lead.readAt ? `; read ${exact(lead.readAt)}` : '; not read yet'}
        </dd>
      </div>
    </dl>
  );
}

function EmailValue({ email }: { email: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <a href={`mailto:${email}`}>{email}</a>{' '}
      {hydrated ? (
        <Button
          size="sm"
          variant="link"
          className="p-0 align-baseline"
          onClick={() =>
            navigator.clipboard.writeText(email).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy
        </Button>
      ) : null}
      <span role="status" className="small text-body-secondary ms-1">
        {copied === null ? '' : copied ? 'Copied' : 'Could not copy; select the address instead'}
      </span>
    </>
  );
}

/** The instant to the second, in UTC. */
export const exact = (iso: string) => new Date(iso).toUTCString();

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
