import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';

import {
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type LeadKindKey,
  type RetentionPolicyResponse,
} from '@contract';
import { IntentField } from '~/components/forms/intent-field';
import { useHydrated } from '~/hooks/use-hydrated';
import { leadDetailPath } from '~/utils/lead-detail';
import {
  type EraseOutcome,
  plural,
  privacyDownloadHref,
  privacyHref,
  type PrivacyLookup,
} from '~/utils/privacy';

import { LeadFields } from './lead-fields';
import { ERASE_FIELDS, PRIVACY_FORMS } from './privacy-schema';

type Found = Extract<PrivacyLookup, { ok: true }>;

/**
 * Everything stored for one address, grouped by kind, with the download and the erasure. The
 * erase button opens its confirmation in place; without JavaScript it is a link to the page with
 * the confirmation open (`confirming`).
 */
export function PersonsLeads({
  email,
  lookup,
  confirming,
}: {
  email: string;
  lookup: Found;
  confirming: boolean;
}) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(confirming);
  const open = asking && lookup.total > 0;

  return (
    <section className="privacy-results" aria-labelledby="privacy-results-title">
      <h3 className="h5" id="privacy-results-title">
        Requests of {email}
      </h3>
      <p>
        {lookup.total > 0
          ? `${plural(lookup.total, 'request')} stored for this address.`
          : 'Nothing is stored for this address.'}
      </p>
      {/* Nothing stored (or all of it just erased): nothing to download or erase. */}
      {lookup.total === 0 ? null : (
        <div className="privacy-results__actions">
          {/* A plain link: the browser downloads what the resource route answers. */}
          <a className="btn btn-outline-secondary" href={privacyDownloadHref(email)} download>
            Download as JSON
          </a>
          {hydrated ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              aria-expanded={open}
              aria-controls="privacy-confirm"
              onClick={() => setAsking(true)}
            >
              {eraseLabel(lookup.total)}
            </button>
          ) : (
            <a className="btn btn-outline-danger" href={privacyHref(email, { confirm: true })}>
              {eraseLabel(lookup.total)}
            </a>
          )}
        </div>
      )}
      {open ? (
        <EraseConfirmation email={email} total={lookup.total} onCancel={() => setAsking(false)} />
      ) : null}
      {LEAD_KIND_KEYS.map((kind) => (
        <KindGroup key={kind} kind={kind} lookup={lookup} />
      ))}
    </section>
  );
}

/** "Erase all" says how many only where "all" fits: one request is erased as "Erase it". */
const eraseLabel = (total: number) => (total === 1 ? 'Erase it' : 'Erase all');

function KindGroup({ kind, lookup }: { kind: LeadKindKey; lookup: Found }) {
  const leads = lookup.kinds[kind];
  const title = LEAD_KINDS[kind].panelTitle;
  return (
    <section className="privacy-kind" aria-labelledby={`privacy-kind-${kind}`}>
      <h4 className="h6 privacy-kind__title" id={`privacy-kind-${kind}`}>
        {title} ({leads.length})
      </h4>
      {leads.length === 0 ? (
        <p className="text-body-secondary">None.</p>
      ) : (
        <ul className="privacy-kind__list">
          {leads.map((lead) => (
            <li key={lead._id} className="card">
              <div className="card-body">
                <LeadFields kind={kind} lead={lead} />
                <Link to={leadDetailPath(kind, lead._id)}>Open in the inbox</Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The erasure's "are you sure?": its own form, which alone erases. */
function EraseConfirmation({
  email,
  total,
  onCancel,
}: {
  email: string;
  total: number;
  onCancel: () => void;
}) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  // Opened by the button: the question is where the admin's attention (and focus) goes.
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      id="privacy-confirm"
      ref={box}
      tabIndex={-1}
      role="group"
      aria-labelledby="privacy-confirm-text"
      className="alert alert-danger privacy-confirm"
    >
      <p id="privacy-confirm-text">
        Erase {total === 1 ? 'the 1 request' : `all ${plural(total, 'request')}`} of{' '}
        <strong>{email}</strong> permanently? This cannot be undone. The activity log keeps that an
        erasure happened, not the address.
      </p>
      <Form method="post" action={privacyHref(email)} className="privacy-confirm__form">
        <IntentField forms={PRIVACY_FORMS} value="erase" />
        <input type="hidden" name={ERASE_FIELDS.confirmed.name} value="1" />
        <input type="hidden" name={ERASE_FIELDS.email.name} value={email} />
        <button type="submit" className="btn btn-danger">
          Erase permanently
        </button>
        {hydrated ? (
          <button type="button" className="btn btn-link" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <a className="btn btn-link" href={privacyHref(email)}>
            Cancel
          </a>
        )}
      </Form>
    </div>
  );
}

/** What an erasure did, kind by kind; focus comes here once it is done. */
export function EraseResult({ result }: { result: EraseOutcome }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [result]);
  if (!result.ok)
    return (
      <div ref={box} tabIndex={-1} className="alert alert-danger">
        Could not erase: {result.message}
      </div>
    );
  return (
    <div ref={box} tabIndex={-1} className="alert alert-success privacy-erased">
      <p className="mb-1">
        Erased {plural(result.total, 'request')} of <strong>{result.email}</strong>.
      </p>
      <ul className="mb-0">
        {LEAD_KIND_KEYS.map((kind) => (
          <li key={kind}>
            {LEAD_KINDS[kind].panelTitle}: {result.erased[kind]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One kind's (or every kind's) archive retention, in words. */
const archivedRule = (days: number | null) =>
  days === null
    ? 'kept until an admin deletes them'
    : `deleted ${plural(days, 'day')} after they were archived`;

/**
 * The retention policy in force (RETENTION_ARCHIVED_DAYS, SPAM_RETENTION_DAYS), as the API says
 * it, and the daily run's last outcome.
 */
export function RetentionPolicy({ policy }: { policy: RetentionPolicyResponse | null }) {
  const rules = policy ? new Set(LEAD_KIND_KEYS.map((key) => policy.archivedDays[key])) : null;
  return (
    <section className="privacy-retention mt-4" aria-labelledby="privacy-retention-title">
      <h3 className="h5" id="privacy-retention-title">
        How long requests are kept
      </h3>
      {policy && rules ? (
        <ul>
          {rules.size === 1 ? (
            <li>Archived requests are {archivedRule(policy.archivedDays.contactUs)}.</li>
          ) : (
            LEAD_KIND_KEYS.map((key) => (
              <li key={key}>
                Archived {LEAD_KINDS[key].panelTitle} are {archivedRule(policy.archivedDays[key])}.
              </li>
            ))
          )}
          <li>Spam is deleted {plural(policy.spamDays, 'day')} after it went to Spam.</li>
          <li>Requests in the inbox are kept until an admin archives or deletes them.</li>
          <li>
            Their notes, replies and queued notifications go with them. A daily run deletes them
            {policy.lastRun
              ? `; the last one, on ${policy.lastRun.at.slice(0, 10)}, deleted ${plural(policy.lastRun.deleted, 'request')}.`
              : '; it has not run yet.'}
          </li>
        </ul>
      ) : (
        <p className="text-body-secondary">The retention policy could not be read just now.</p>
      )}
    </section>
  );
}
