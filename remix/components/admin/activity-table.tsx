import { Link } from '@remix-run/react';

import { type AuditAction, type AuditEntry, type LeadKindKey } from '@contract';
import { auditActionLabel, describeDetail, kindTitle } from '~/utils/activity';
import { leadDetailPath } from '~/utils/lead-detail';

import { ExactDate } from './dates/exact-date';
import { RelativeTime } from './relative-time';

/** Ids shown before the rest fold away behind "and N more". */
const IDS_SHOWN = 3;

/** Actions after which their leads are gone: their ids are not links (they would answer 404). */
const GONE: ReadonlySet<AuditAction> = new Set(['delete', 'erase', 'retention']);

/** The audit log as a table: when, who, what, which requests, from where. */
export function ActivityTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-body-secondary">Nothing recorded yet.</p>;
  return (
    // Should it ever scroll sideways (narrow screens stack each row instead), it is a named region
    // keyboard users can focus to scroll (axe's scrollable-region-focusable): hence the tabIndex.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-responsive activity" role="region" aria-label="Activity log" tabIndex={0}>
      <table className="table table-sm align-top activity__table">
        <caption className="visually-hidden">Admin actions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Admin</th>
            <th scope="col">Action</th>
            <th scope="col">Requests</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <ActivityRow key={entry._id} entry={entry} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActivityRow({ entry }: { entry: AuditEntry }) {
  const detail = describeDetail(entry);
  return (
    <tr className={entry.action === 'sign-in-failed' ? 'activity__row--failed' : undefined}>
      <td className="activity__when" data-label="When">
        <RelativeTime iso={entry.at} />
        <span className="activity__exact">
          <ExactDate iso={entry.at} />
        </span>
      </td>
      <td className="activity__admin" data-label="Admin">
        {entry.admin.email ?? <Unknown />}
      </td>
      <td data-label="Action">
        <span className="activity__action">{auditActionLabel(entry.action)}</span>
        {detail ? <span className="activity__detail">{detail}</span> : null}
      </td>
      <td data-label="Requests">
        {entry.kind ? <span className="activity__kind">{kindTitle(entry.kind)}</span> : null}
        <Ids ids={entry.ids} kind={entry.kind && !GONE.has(entry.action) ? entry.kind : null} />
        {!entry.kind && entry.ids.length === 0 ? <Unknown /> : null}
      </td>
      <td className="activity__ip" data-label="Address">
        {entry.ip ?? <Unknown />}
      </td>
    </tr>
  );
}

/** The leads acted on, each a link to its detail while the kind is known and the lead kept. */
function Ids({ ids, kind }: { ids: string[]; kind: LeadKindKey | null }) {
  if (ids.length === 0) return null;

  const shown = ids.slice(0, IDS_SHOWN);
  const rest = ids.slice(IDS_SHOWN);
  return (
    <span className="activity__ids">
      {shown.map((id) => (
        <LeadId key={id} id={id} kind={kind} />
      ))}
      {rest.length ? (
        <details>
          <summary>and {rest.length} more</summary>
          {rest.map((id) => (
            <LeadId key={id} id={id} kind={kind} />
          ))}
        </details>
      ) : null}
    </span>
  );
}

const LeadId = ({ id, kind }: { id: string; kind: LeadKindKey | null }) =>
  kind ? (
    <Link to={leadDetailPath(kind, id)}>
      <code>{id}</code>
    </Link>
  ) : (
    <code>{id}</code>
  );

const Unknown = () => (
  <>
    <span className="text-body-secondary" aria-hidden="true">
      —
    </span>
    <span className="visually-hidden">none</span>
  </>
);
