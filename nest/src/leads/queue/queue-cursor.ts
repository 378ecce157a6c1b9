import { HttpStatus } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { cursorValues, plainCursor } from '../../common/keyset-cursor';
import { LEAD_KIND_KEYS, type LeadKindKey, type LeadList, type QueueSort } from '../../contract';
import { SORT_KEYS, type SortValue } from '../core/lead-order';

/** Where the queue is in one kind's list: not started, after a lead, or at its end. */
export type KindPosition = { at: 'start' } | { at: 'after'; values: SortValue[] } | { at: 'end' };
export type QueuePositions = Record<LeadKindKey, KindPosition>;

/** Each kind's position in the plain form: 0 not started, 1 at the end, else the sort values. */
type PlainPosition = 0 | 1 | (number | string)[];

interface PlainCursor {
  s: QueueSort;
  l: LeadList;
  p: PlainPosition[];
}

export const startPositions = (): QueuePositions =>
  Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, { at: 'start' }])) as QueuePositions;

/**
 * The queue's cursor: every kind's position in its own list, with the sort and the list it was
 * made for, as base64url JSON (kinds in the contract's order, so it stays under 512 characters).
 */
export function encodeQueueCursor(sort: QueueSort, list: LeadList, at: QueuePositions): string {
  const p = LEAD_KIND_KEYS.map((key): PlainPosition => {
    const position = at[key];
    if (position.at === 'start') return 0;
    return position.at === 'end' ? 1 : plainCursor(position.values);
  });
  return Buffer.from(JSON.stringify({ s: sort, l: list, p } satisfies PlainCursor)).toString(
    'base64url',
  );
}

/** The positions a cursor holds; a 400 naming `cursor` for any other text, sort or list. */
export function decodeQueueCursor(cursor: string, sort: QueueSort, list: LeadList): QueuePositions {
  const invalid = (why: string) =>
    new ApiError(HttpStatus.BAD_REQUEST, 'cursor is invalid', { cursor: [why] });
  let plain: unknown;
  try {
    plain = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor is not one this API made');
  }
  if (!isPlainCursor(plain)) throw invalid('cursor is not one this API made');
  if (plain.s !== sort || plain.l !== list)
    throw invalid('cursor is from another sort or list: start again without it');
  const entries = LEAD_KIND_KEYS.map((key, i) => {
    const position = plain.p[i];
    if (position === 0) return [key, { at: 'start' }] as const;
    if (position === 1) return [key, { at: 'end' }] as const;
    const values = cursorValues(position, SORT_KEYS[list]);
    if (!values) throw invalid('cursor is not one this API made');
    return [key, { at: 'after', values }] as const;
  });
  return Object.fromEntries(entries) as QueuePositions;
}

function isPlainCursor(value: unknown): value is PlainCursor {
  if (typeof value !== 'object' || value === null) return false;
  const { s, l, p } = value as Record<string, unknown>;
  return (
    typeof s === 'string' &&
    typeof l === 'string' &&
    l in SORT_KEYS &&
    Array.isArray(p) &&
    p.length === LEAD_KIND_KEYS.length
  );
}
