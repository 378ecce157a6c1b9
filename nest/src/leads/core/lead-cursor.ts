import { HttpStatus } from '@nestjs/common';
import { Types } from 'mongoose';

import { ApiError } from '../../common/api-error';
import { isObjectId, type LeadListState } from '../../contract';

import { SORT_KEYS, type SortValue } from './lead-order';

/**
 * Keyset pagination: a cursor is the sort-key values of the last lead of a page, so the next page
 * starts strictly after it. New leads land before the first page and never shift later pages.
 */
export function encodeCursor(values: SortValue[]): string {
  const plain = values.map((v) => (v instanceof Date ? v.getTime() : v.toHexString()));
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
}

export function decodeCursor(cursor: string, state: LeadListState): SortValue[] {
  const keys = SORT_KEYS[state];
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
      return new Types.ObjectId(value);
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid();
    return new Date(value);
  });
}
