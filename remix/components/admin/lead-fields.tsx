import { useState } from 'react';
import { Button } from 'react-bootstrap';

import {
  LEAD_KINDS,
  LEAD_SOURCE_FIELDS,
  leadField,
  type Lead,
  type LeadKindKey,
  type LeadSource,
} from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';

import { ExactDate } from './dates/exact-date';
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
          <RelativeTime iso={lead.createdAt} /> (<ExactDate iso={lead.createdAt} />)
        </dd>
      </div>
      <div className="lead-detail__field">
        <dt>State</dt>
        <dd>
          {lead.archivedAt ? (
            <>
              Archived <ExactDate iso={lead.archivedAt} />
            </>
          ) : (
            'In the inbox'
          )}
          {lead.readAt ? (
            <>
              ; read <ExactDate iso={lead.readAt} />
            </>
          ) : (
            '; not read yet'
          )}
        </dd>
      </div>
      <div className="lead-detail__field">
        <dt>Source</dt>
        <dd>
          <SourceValue source={lead.source} />
        </dd>
      </div>
    </dl>
  );
}

const SOURCE_LABELS: Record<keyof LeadSource, string> = {
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  referrer: 'Referred by',
  landingPath: 'Landing page',
  startedAt: 'Visit began',
};

/** Where the lead came from: each field the visit's first touch recorded, by name. */
function SourceValue({ source }: { source: LeadSource | null }) {
  // Answers from an API older than sources carry none.
  const recorded = LEAD_SOURCE_FIELDS.filter((field) => source?.[field]);
  if (!source || recorded.length === 0)
    return <span className="text-body-secondary">Not recorded</span>;
  return (
    <ul className="list-unstyled mb-0 lead-detail__source">
      {recorded.map((field) => (
        <li key={field}>
          {SOURCE_LABELS[field]}:{' '}
          {field === 'startedAt' ? <ExactDate iso={source[field] ?? ''} /> : source[field]}
        </li>
      ))}
    </ul>
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

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
