import { type Model, trusted } from 'mongoose';

import { type LeadList } from '../../../contract';
import { compareInList, SORT_KEYS, sortSpec, sortValues } from '../lead-order';
import { type LeadRecord } from '../lead-record';
import { type CachedPage } from '../list-view/lead-list-cache';

import { hintedPage } from './hinted-page.repository';
import {
  type LeadQuery,
  listQuery,
  type ListQueryOptions,
  mergeField,
} from './lead-queries.repository';

/** How many leads sharing the cursor's instant a first read expects (it doubles when more do). */
const TIES = 4;

/**
 * A page of a list's newest window (`read.since`), newest first, on an engine whose indexes hand
 * matches over in no order (DocumentDB, decision 0021). It goes through the list's order alone:
 * the planner would pick a list index and pass over every lead's `spamAt: null` term. After a
 * cursor, the keyset's `$or` would become a bitmap scan of every lead before the cursor, the
 * window's bound left out of it: at 1,000,000 leads 0.5 s unhinted and 3 s on the list's order,
 * against 32-48 ms for the window's range alone, hinted. So after a cursor the window is read with
 * only the cursor's first key as a bound (`<=`), and the leads it still holds at or before the
 * cursor (those of the cursor's own instant) are left out here, reading more when ties fill a read.
 */
export async function windowPage(
  model: Model<LeadRecord>,
  state: LeadList,
  read: ListQueryOptions,
  limit: number,
): Promise<CachedPage> {
  const query = windowQuery(state, read);
  const { after } = read;
  if (!after) return hintedPage(model, query, limit);
  for (let size = limit + 1 + TIES; ; size *= 2) {
    const page = await hintedPage(model, query, size);
    const records = page.records.filter(
      (record) => compareInList(state, sortValues(state, record), after) > 0,
    );
    if (records.length > limit || !page.hasMore)
      return { records: records.slice(0, limit), hasMore: records.length > limit };
  }
}

/** The query windowPage sends (the benchmark explains it): hinted, after a cursor by its bound. */
export function windowQuery(state: LeadList, read: ListQueryOptions): LeadQuery {
  const { after, ...window } = read;
  const query = { ...listQuery(state, window), hint: sortSpec(state) };
  if (!after) return query;
  const bound = { [SORT_KEYS[state][0]]: trusted({ $lte: after[0] }) };
  return { ...query, filter: { ...query.filter, ...mergeField(query.filter, bound) } };
}
