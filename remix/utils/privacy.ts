import { type LeadKindKey, type PrivacyLeadsResponse } from '@contract';
import { PRIVACY_PATH } from '~/config/paths';

/** What looking an address up gave: its leads, or why not (`field`: a message for the field). */
export type PrivacyLookup =
  | ({ ok: true } & Pick<PrivacyLeadsResponse, 'kinds' | 'total'>)
  | { ok: false; field: string | null; message: string };

/** What erasing gave: the counts per kind, or why not. */
export type EraseOutcome =
  | { ok: true; email: string; erased: Record<LeadKindKey, number>; total: number }
  | { ok: false; message: string };

/** The Privacy page of an address; `confirm` opens its erase confirmation (without JavaScript). */
export function privacyHref(email: string, { confirm = false } = {}): string {
  const params = new URLSearchParams({ email });
  if (confirm) params.set('confirm', 'erase');
  return `${PRIVACY_PATH}?${params}`;
}

/** The download of an address's requests as JSON. */
export const privacyDownloadHref = (email: string) =>
  `${PRIVACY_PATH}/download?${new URLSearchParams({ email })}`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
