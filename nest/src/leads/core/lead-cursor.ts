import { HttpStatus } from '@nestjs/common';
import { trusted, Types } from 'mongoose';

import { ApiError } from '../../common/api-error';

/** One sort key of a list, in the order the list is sorted (all descending). */
export type SortKey = 'archivedAt' | 'createdAt' | '_id';
export type CursorValues = (Date | Types.ObjectId)[];

/**
 * Keyset pagination: a cursor is the sort-key values of the last lead of a page, so the next page
 * starts strictly after it. New leads land before the first page and never shift later pages.
 */
export function encodeCursor(values: CursorValues): string {
  const plain = values.map((v) => (v instanceof Date ? v.getTime() : v.toHexString()));
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
}

export function decodeCursor(cursor: string, keys: readonly SortKey[]): CursorValues {
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
      if (typeof value !== 'string' || !/^[0-9a-f]{24}$/.test(value)) throw invalid();
      return new Types.ObjectId(value);
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid();
    return new Date(value);
  });
}

/** Filter for "sorts after `values`" under a descending sort on `keys`: a lexicographic `<`. */
export function afterCursorFilter(
  keys: readonly SortKey[],
  values: CursorValues,
): Record<string, unknown> {
  return {
    $or: keys.map((key, i) => ({
      ...Object.fromEntries(keys.slice(0, i).map((k, j) => [k, values[j]])),
      // trusted(): our own operator, exempt from the connection's sanitizeFilter.
      [key]: trusted({ $lt: values[i] }),
    })),
  };
}
