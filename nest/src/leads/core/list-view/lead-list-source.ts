import { type LeadList, type LeadListViewName, type LeadStage } from '../../../contract';
import { type ObjectId } from '../../../database/object-id';
import { type SortValue } from '../lead-order';

import { type StoredArrival } from './lead-arrivals';
import { type CachedPage } from './lead-list-cache';
import { type CountedTotals } from './lead-totals';

/** A list as a request asks for it (LeadListView.list). */
export interface ListOptions {
  limit?: number;
  cursor?: string;
  q?: string;
  /** Only leads in these stages (a narrowed list, read and answered as a search is). */
  stage?: readonly LeadStage[];
  /** Only one admin's leads (an id), or nobody's (null); narrows as `stage` does. */
  assignee?: ObjectId | null;
  /** `needs-reply`: the active list's leads that wait on us (`new`, or they wrote last), oldest first. */
  view?: LeadListViewName;
  /** Oldest first instead of the list's newest first (the queue's `oldest`). */
  oldestFirst?: boolean;
  /** Only the leads that wait on us, in the list's own order (the queue's `needsReply`). */
  waiting?: boolean;
  /** Only the leads that wait on us past the kind's response target now (the queue's `overdue`). */
  overdue?: boolean;
}

/** How a read of a list is narrowed, where it starts, and which way it runs. */
export interface ListRead {
  after?: SortValue[];
  q?: string;
  stages?: readonly LeadStage[];
  /** Only one admin's leads (an id), or nobody's (null). */
  assignee?: ObjectId | null;
  /** Only these owners' leads (kept totals' keys: LeadScope); `assignee` wins when both are set. */
  owners?: readonly string[];
  /** Oldest first (the needs-reply view) instead of the list's newest first. */
  oldestFirst?: boolean;
  /** Only leads that wait on us (`new`, or they wrote last): the needs-reply view. */
  waiting?: boolean;
  /** Only leads that have waited on us since before this: overdue (overdueFilter). */
  overdueBefore?: Date;
  /** Only leads whose first sort key is at or after this (a newest window: ListPace). */
  since?: Date;
}

/** A lead's moment (its arrival, or when its wait began) and its owner (kept totals' key). */
export interface OwnedTime {
  /** The lead's id (hex). */
  id: string;
  at: Date;
  owner: string;
}

/**
 * Where the view reads leads from: the stored lists as they are now (the kind's repository). It
 * says what a read costs, never which engine it runs on.
 */
export interface LeadListSource {
  /** Up to `limit` leads of a list in list order, after a position, narrowed to a search. */
  page(state: LeadList, limit: number, read?: ListRead): Promise<CachedPage>;
  /** When each active `new` lead that arrived at or after `since` arrived, and whose it is. */
  recentNew(since: Date): Promise<OwnedTime[]>;
  /** When each active lead past `new` with an open wait began to wait, and whose it is. */
  waitingSince(): Promise<OwnedTime[]>;
  /** The lists counted, and each owner's (reads every lead: checks only). */
  count(): Promise<CountedTotals>;
  /** What insights read of the leads that arrived in `[from, to)`; no spam. */
  arrivals(from: Date, to: Date): Promise<StoredArrival[]>;
  /**
   * Whether a narrowed read is served by an index. Where it is not, every read decodes the whole
   * collection (the embedded FerretDB 1.x): the view then keeps what it can in memory instead of
   * reading ranges, and reads no newest window first (it would only add a read).
   */
  readsByIndex(): Promise<boolean>;
}
