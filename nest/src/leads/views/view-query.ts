import { HttpStatus } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { type ViewQuery } from '../../contract';
import { queueQueryErrors } from '../queue/queue.controller';

/**
 * A view's query as stored and answered: held to what `GET /leads` refuses (its fields were
 * validated by its own DTO), in its short form: no flag that is false, no empty list, no default.
 */
export function checkedViewQuery(query: ViewQuery): ViewQuery {
  // A query string has no null, but a JSON body does, and the parameters' checks let null through
  // as "not given": the document says none of them is nullable, so null is refused by name.
  const nulls = Object.entries(query as Record<string, unknown>).filter(([, v]) => v === null);
  const errors: Record<string, string[]> = {
    ...Object.fromEntries(nulls.map(([field]) => [field, [`${field} must not be null`]])),
    ...queueQueryErrors(query),
  };
  if (Object.keys(errors).length > 0)
    throw new ApiError(
      HttpStatus.BAD_REQUEST,
      'The query is invalid',
      Object.fromEntries(
        Object.entries(errors).map(([field, messages]) => [`query.${field}`, messages]),
      ),
    );
  const short: ViewQuery = {};
  if (query.kind?.length) short.kind = [...new Set(query.kind)];
  if (query.stage?.length) short.stage = [...new Set(query.stage)];
  if (query.owner && query.owner !== 'anyone') short.owner = query.owner.toLowerCase();
  for (const flag of ['needsReply', 'overdue', 'archived', 'spam'] as const)
    if (query[flag]) short[flag] = true;
  const q = query.q?.trim();
  if (q) short.q = q;
  if (query.sort && query.sort !== 'newest') short.sort = query.sort;
  return short;
}

/** Views in the order of `ids`; those it does not name after them, in their own order. */
export function inOrder<V extends { id: string }>(
  views: readonly V[],
  ids: readonly string[],
): V[] {
  const place = new Map(ids.map((id, i) => [id, i]));
  return views
    .map((view, i) => ({ view, key: place.get(view.id) ?? ids.length + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ view }) => view);
}
