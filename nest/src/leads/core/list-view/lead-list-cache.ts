import { type LeadList, LEAD_LISTS, LIST_PAGE } from '../../../contract';
import { compareInList, type SortValue, sortValues } from '../lead-order';
import { listOf, type LeadRecord } from '../lead-record';

/** Enough of a list's head for its largest page and the knowledge that more follow. */
export const HEAD_SIZE = LIST_PAGE.maxLimit + 1;

interface Head {
  /** The kind's totals version this head is exact for. */
  version: number;
  /** The list's first leads, in list order, at most HEAD_SIZE. */
  records: LeadRecord[];
  /** True when `records` is the whole list. */
  complete: boolean;
}

/** A lead as it is now (in whichever list its state says), or a lead that is gone. */
export type LeadChange = { upsert: LeadRecord } | { remove: string };

export interface CachedPage {
  records: LeadRecord[];
  hasMore: boolean;
}

/**
 * The heads of one kind's lists, kept in this process and exact for one version of the kind's
 * totals document (see decision 0005). A request first reads that version (one small document):
 * if the head is of that version, the page comes from memory; if not, from the database, which
 * then refills the head. Changes this process makes are applied to the heads as they bump the
 * version, so the inbox stays in memory while one process does the writing; a change by another
 * process shows as a version this cache never saw, and the next read refills.
 */
export class LeadListCache {
  private readonly heads: Partial<Record<LeadList, Head>> = {};

  page(
    state: LeadList,
    version: number,
    limit: number,
    after?: SortValue[],
  ): CachedPage | undefined {
    const head = this.heads[state];
    if (!head || head.version !== version) return undefined;
    const start = after
      ? firstAfter(head.records, (r) => compareInList(state, sortValues(state, r), after) > 0)
      : 0;
    const end = start + limit;
    if (end < head.records.length)
      return { records: head.records.slice(start, end), hasMore: true };
    if (head.complete) return { records: head.records.slice(start), hasMore: false };
    // Not the whole list: only a page ending exactly at the head's end is known (more follow).
    if (end === head.records.length) return { records: head.records.slice(start), hasMore: true };
    return undefined;
  }

  /** A list's whole cached head at `version`: its first leads, and whether they are all of it. */
  head(
    state: LeadList,
    version: number,
  ): { records: readonly LeadRecord[]; complete: boolean } | undefined {
    const head = this.heads[state];
    return head && head.version === version ? head : undefined;
  }

  /** Keeps a list's head as read from the database at `version` (read before the query ran). */
  fill(state: LeadList, version: number, records: LeadRecord[], complete: boolean): void {
    const current = this.heads[state];
    if (current && current.version > version) return;
    this.heads[state] = { version, records: records.slice(0, HEAD_SIZE), complete };
  }

  /**
   * Moves the heads from version `from` to `to` by this process's own changes. A head of any other
   * version is dropped: someone else changed the list in between.
   */
  apply(from: number, to: number, changes: readonly LeadChange[]): void {
    for (const state of LEAD_LISTS) {
      const head = this.heads[state];
      if (!head) continue;
      if (head.version !== from) {
        delete this.heads[state];
        continue;
      }
      for (const change of changes) applyChange(state, head, change);
      head.version = to;
    }
  }

  clear(): void {
    for (const state of LEAD_LISTS) delete this.heads[state];
  }
}

function applyChange(state: LeadList, head: Head, change: LeadChange): void {
  const id = 'remove' in change ? change.remove : change.upsert._id.toHexString();
  const at = head.records.findIndex((r) => r._id.toHexString() === id);
  if (at >= 0) head.records.splice(at, 1);
  if (!('upsert' in change)) return;
  const record = change.upsert;
  if (listOf(record) !== state) return;
  const values = sortValues(state, record);
  const position = firstAfter(
    head.records,
    (r) => compareInList(state, sortValues(state, r), values) > 0,
  );
  // Past the head's end of an incomplete list, the lead's place is among leads we don't hold.
  if (position === head.records.length && !head.complete) return;
  head.records.splice(position, 0, record);
  if (head.records.length > HEAD_SIZE) {
    head.records.pop();
    head.complete = false;
  }
}

/** Index of the first record for which `isAfter` holds (records are in list order). */
function firstAfter(records: LeadRecord[], isAfter: (r: LeadRecord) => boolean): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (isAfter(records[mid] as LeadRecord)) high = mid;
    else low = mid + 1;
  }
  return low;
}
