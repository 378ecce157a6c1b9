import { type LeadList, type LeadStage } from '../../../contract';
import { type ObjectId } from '../../../database/object-id';
import { type SortValue } from '../lead-order';

import { type StoredArrival } from './lead-arrivals';
import { type CachedPage } from './lead-list-cache';
import { type KeptTotals } from './lead-totals';

/** How a read of a list is narrowed, where it starts, and which way it runs. */
export interface ListRead {
  after?: SortValue[];
  q?: string;
  stages?: readonly LeadStage[];
  /** Only one admin's leads (an id), or nobody's (null). */
  assignee?: ObjectId | null;
  /** Oldest first (the needs-reply view) instead of the list's newest first. */
  oldestFirst?: boolean;
  /** Only leads whose first sort key is at or after this (a newest window: ListPace). */
  since?: Date;
}

/**
 * Where the view reads leads from: the stored lists as they are now (the kind's repository). It
 * says what a read costs, never which engine it runs on.
 */
export interface LeadListSource {
  /** Up to `limit` leads of a list in list order, after a position, narrowed to a search. */
  page(state: LeadList, limit: number, read?: ListRead): Promise<CachedPage>;
  /** When each active `new` lead that arrived at or after `since` arrived. */
  recentNew(since: Date): Promise<Date[]>;
  /** The lists counted (reads every lead: checks only). */
  count(): Promise<KeptTotals>;
  /** What insights read of the leads that arrived in `[from, to)`, or of every lead; no spam. */
  arrivals(from?: Date, to?: Date): Promise<StoredArrival[]>;
  /**
   * Whether a narrowed read is served by an index. Where it is not, every read decodes the whole
   * collection (the embedded FerretDB 1.x): the view then keeps what it can in memory instead of
   * reading ranges, and reads no newest window first (it would only add a read).
   */
  readsByIndex(): Promise<boolean>;
}
