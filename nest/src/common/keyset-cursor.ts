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
  const plain = values.map((v) => (v instanceof Date ? v.getTime() : v.toHexString()));
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
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
  if (!Array.isArray(plain) || plain.length !== keys.length) throw invalid();
  return keys.map((key, i) => {
    const value: unknown = plain[i];
    if (key === '_id') {
      if (!isObjectId(value)) throw invalid();
      return new ObjectId(value);
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid();
    return new Date(value);
  });
}
