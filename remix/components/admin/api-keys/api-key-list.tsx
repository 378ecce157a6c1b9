import { type ApiKeySummary, LEAD_KIND_KEYS, LEAD_KIND_WORDS, type LeadAccess } from '@contract';
import { ConfirmStepCell, RecordTable } from '~/components/admin/record-table';
import { RelativeTime } from '~/components/admin/relative-time';
import { API_KEYS_PAGE_PATH } from '~/config/paths';

/** Which leads a key sees, in plain words: no lead is ever assigned to a key. */
export function keyAccessSummary(access: LeadAccess): string {
  const of = (level: 'all' | 'assigned') =>
    LEAD_KIND_KEYS.filter((kind) => access.kinds[kind] === level).map(
      (kind) => LEAD_KIND_WORDS[kind],
    );
  const all = of('all');
  const nobodys = access.seeUnassigned ? of('assigned') : [];
  if (all.length === LEAD_KIND_KEYS.length) return 'every lead';
  const parts = [
    ...(all.length ? [`all ${all.join(', ')} leads`] : []),
    ...(nobodys.length ? [`${nobodys.join(', ')} leads nobody has`] : []),
  ];
  return parts.length ? parts.join('; ') : 'no leads';
}

const HEADERS = ['Name', 'Key', 'Role', 'Leads it sees', 'Created', 'Expires', 'Last used'];

/** The keys not revoked, newest first: never a key itself, only its first characters. */
export function ApiKeyList({ apiKeys }: { apiKeys: ApiKeySummary[] }) {
  if (apiKeys.length === 0) return <p className="text-body-secondary">No API keys yet.</p>;
  return (
    <RecordTable headers={HEADERS}>
      {apiKeys.map((key) => (
        <tr key={key.id}>
          <td className="text-break">{key.name}</td>
          <td>
            <code>{key.hint}…</code>
          </td>
          <td>{key.role}</td>
          <td>{keyAccessSummary(key.access)}</td>
          <td>
            <RelativeTime iso={key.createdAt} />
            <div className="small text-body-secondary text-break">by {key.createdBy.email}</div>
          </td>
          <td>{key.expiresAt ? <RelativeTime iso={key.expiresAt} /> : 'Never'}</td>
          <td>{key.lastUsedAt ? <RelativeTime iso={key.lastUsedAt} /> : 'Never'}</td>
          <ConfirmStepCell
            to={`${API_KEYS_PAGE_PATH}?revoke=${key.id}`}
            label="Revoke"
            name={key.name}
          />
        </tr>
      ))}
    </RecordTable>
  );
}
