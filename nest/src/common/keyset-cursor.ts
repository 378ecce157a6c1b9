import { HttpStatus } from '@nestjs/common';

import { isObjectId } from '../contract';
import { ObjectId } from '../database/object-id';

import { ApiError } from './api-error';

/** A sort key's value: a time, or an `_id` (the tie-breaker). */
export type CursorValue = Date | ObjectId;

/**
 * Keyset pagination: a cursor is the sort-key values of the last item of a page, so the next page
 * starts strictly after it. Items arriving meanwhile land before the first page and never shift
 * later pages. Opaque to clients (base64url of JSON).
 */
export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(plainCursor(values))).toString('base64url');
}

/** A cursor's values as JSON holds them: times as milliseconds, ids as hex. */
export const plainCursor = (values: readonly CursorValue[]): (number | string)[] =>
  values.map((v) => (v instanceof Date ? v.getTime() : v.toHexString()));

/** The values of plain cursor values (plainCursor's) for these keys, or undefined if they are not. */
export function cursorValues(plain: unknown, keys: readonly string[]): CursorValue[] | undefined {
  if (!Array.isArray(plain) || plain.length !== keys.length) return undefined;
  const values: CursorValue[] = [];
  for (const [i, key] of keys.entries()) {
    const value: unknown = plain[i];
    if (key === '_id') {
      if (!isObjectId(value)) return undefined;
      values.push(new ObjectId(value));
    } else if (typeof value === 'number' && Number.isSafeInteger(value))
      values.push(new Date(value));
    else return undefined;
  }
  return values;
}

/** The values of a cursor for these keys (`_id` is an ObjectId, any other key a time), or a 400. */
export function decodeCursor(cursor: string, keys: readonly string[]): CursorValue[] {
  const invalid = () =>
    new ApiError(HttpStatus.BAD_REQUEST, 'cursor is invalid or from another list');
  let plain: unknown;
  try {
    plain = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const values = cursorValues(plain, keys);
  if (!values) throw invalid();
  return values;
}
