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

/** A head being read: the version this process's changes since its read began lead to. */
interface Catching {
  version: number;
  changes: LeadChange[];
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
  /**
   * Heads being read from the database, by list and the version the read began at: the changes
   * this process counts in meanwhile, and the version they lead to. A read takes longer than the
   * time between two intakes on FerretDB 1.x (it reads the whole collection), so a head that
   * missed them would be behind, and dropped, by the time it arrived: it catches up instead.
   */
  private readonly reading: Partial<Record<LeadList, Map<number, Catching>>> = {};

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
    return pageFrom(head.records, head.complete, start, limit);
  }

  /** A list's whole cached head at `version`: its first leads, and whether they are all of it. */
  head(
    state: LeadList,
    version: number,
  ): { records: readonly LeadRecord[]; complete: boolean } | undefined {
    const head = this.heads[state];
    return head && head.version === version ? head : undefined;
  }

  /** A read of a list's head begins, at `version` (read before the query runs). */
  begin(state: LeadList, version: number): void {
    (this.reading[state] ??= new Map()).set(version, { version, changes: [] });
  }

  /**
   * Keeps a list's head as read from the database at `version` (read before the query ran),
   * brought up to date by the changes counted in since the read began (applying a change the read
   * already saw changes nothing: each is a lead's state after it, or its removal). Answers the
   * version it keeps the head at, or undefined when it kept a newer head instead.
   */
  fill(
    state: LeadList,
    version: number,
    records: LeadRecord[],
    complete: boolean,
  ): number | undefined {
    const caught = this.reading[state]?.get(version);
    this.reading[state]?.delete(version);
    const head: Head = { version, records: records.slice(0, HEAD_SIZE), complete };
    if (caught) {
      for (const change of caught.changes) applyChange(state, head, change);
      head.version = caught.version;
    }
    const current = this.heads[state];
    if (current && current.version > head.version) return undefined;
    this.heads[state] = head;
    return head.version;
  }

  /**
   * Moves the heads from version `from` to `to` by this process's own changes. A head of any other
   * version is dropped: someone else changed the list in between. A head already at `to` was read
   * after this change was stored (a version is read before the query runs): it has it already.
   */
  apply(from: number, to: number, changes: readonly LeadChange[]): void {
    for (const state of LEAD_LISTS) {
      for (const [began, caught] of this.reading[state] ?? []) {
        if (caught.version === to) continue;
        if (caught.version !== from) this.reading[state]?.delete(began);
        else {
          caught.changes.push(...changes);
          caught.version = to;
        }
      }
      const head = this.heads[state];
      if (!head || head.version === to) continue;
      if (head.version !== from) {
        delete this.heads[state];
        continue;
      }
      for (const change of changes) applyChange(state, head, change);
      head.version = to;
    }
  }

  /** The version a read of the list under way began at, if it has caught up to `version`. */
  readingUpTo(state: LeadList, version: number): number | undefined {
    for (const [began, caught] of this.reading[state] ?? [])
      if (began <= version && caught.version >= version) return began;
    return undefined;
  }

  /** A read of a list's head that began at `version` failed: nothing to catch up for it. */
  abandon(state: LeadList, version: number): void {
    this.reading[state]?.delete(version);
  }

  clear(): void {
    for (const state of LEAD_LISTS) {
      delete this.heads[state];
      delete this.reading[state];
    }
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

/**
 * The page of `limit` from `start` of a list's first `records` (all of it when `complete`);
 * undefined when the page runs past them into leads not held.
 */
export function pageFrom(
  records: readonly LeadRecord[],
  complete: boolean,
  start: number,
  limit: number,
): CachedPage | undefined {
  const end = start + limit;
  if (end < records.length) return { records: records.slice(start, end), hasMore: true };
  if (complete) return { records: records.slice(start), hasMore: false };
  // Only a page ending exactly at their end is known: more follow.
  if (end === records.length) return { records: records.slice(start), hasMore: true };
  return undefined;
}

/** Index of the first record for which `isAfter` holds (records are in list order). */
export function firstAfter(records: LeadRecord[], isAfter: (r: LeadRecord) => boolean): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (isAfter(records[mid] as LeadRecord)) high = mid;
    else low = mid + 1;
  }
  return low;
}
