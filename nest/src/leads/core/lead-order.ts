import { type CursorValue } from '../../common/keyset-cursor';
import { type LeadList } from '../../contract';

import { type LeadRecord } from './lead-record';

/** One sort key of a list, in the order the list is sorted (all descending). */
export type SortKey = 'archivedAt' | 'spamAt' | 'createdAt' | '_id';
export type SortValue = CursorValue;

/**
 * Newest first: the inbox by arrival, the archive by when leads left the inbox, spam by when it was
 * held (at arrival, or when an admin marked it). `_id` breaks ties,
 * so every lead has one place in its list and a cursor names a position exactly.
 */
export const SORT_KEYS = {
  active: ['createdAt', '_id'],
  archived: ['archivedAt', 'createdAt', '_id'],
  spam: ['spamAt', 'createdAt', '_id'],
} as const satisfies Record<LeadList, readonly SortKey[]>;

/** The list's sort, newest first; direction 1 reverses it (oldest first: the needs-reply view). */
export function sortSpec(state: LeadList, direction: 1 | -1 = -1): Record<SortKey, 1 | -1> {
  return Object.fromEntries(SORT_KEYS[state].map((key) => [key, direction])) as Record<
    SortKey,
    1 | -1
  >;
}

export function sortValues(state: LeadList, record: LeadRecord): SortValue[] {
  return SORT_KEYS[state].map((key) => record[key] as SortValue);
}

const comparable = (value: SortValue): number | string =>
  value instanceof Date ? value.getTime() : value.toHexString();

/** Negative when `a` comes first in the list (it sorts after `b` on the descending keys). */
export function compareInList(state: LeadList, a: SortValue[], b: SortValue[]): number {
  for (let i = 0; i < SORT_KEYS[state].length; i++) {
    const x = comparable(a[i] as SortValue);
    const y = comparable(b[i] as SortValue);
    if (x !== y) return x > y ? -1 : 1;
  }
  return 0;
}
