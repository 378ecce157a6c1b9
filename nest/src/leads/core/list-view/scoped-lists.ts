import {
  type LeadKindKey,
  type LeadList,
  type LeadListViewName,
  type LeadPage,
  type LeadStage,
} from '../../../contract';
import { type ObjectId } from '../../../database/object-id';
import { type SortValue } from '../lead-order';
import { inScope, type LeadScope, ownerKeyOf } from '../lead-scope';

import { type CachedPage } from './lead-list-cache';
import { type KeptTotals, type TotalsSnapshot, totalsOfOwners } from './lead-totals';
import { type ListReads, type Narrowing } from './list-reads';
import { type WaitNarrowing } from './wait-narrowing';

/** A list narrowed to some owners' leads, as ScopedLists reads one. */
export interface ScopedRead {
  limit: number;
  after?: SortValue[];
  narrowed: Omit<Narrowing, 'owners'>;
}

/** A scope that sees some, not all: the scopes ScopedLists answers for. */
export type PartScope = Exclude<LeadScope, { see: 'all' }>;

/**
 * One kind's lists as an admin who sees only some of its leads reads them (issue 34): their
 * totals are the kept totals of the owners they see (never counted per request), their pages the
 * list narrowed to those owners. A plain first page comes from the kind's cached head when the
 * head holds it (a whole page and one more of theirs, or the whole list); otherwise from the
 * scope's own head, kept per version as the kind's is (ListReads.scoped); pages past that head and
 * narrowed lists are read narrowed, as a search is. A scope of `none` sees an empty list.
 */
export class ScopedLists<K extends LeadKindKey = LeadKindKey> {
  constructor(
    private readonly reads: ListReads,
    private readonly answerPage: (
      state: LeadList,
      page: CachedPage,
      total: number | null,
    ) => Promise<LeadPage<K>>,
  ) {}

  /** A page of a list as ListOptions ask for it (the needs-reply view narrows the active list). */
  list(
    state: LeadList,
    scope: PartScope,
    at: TotalsSnapshot,
    options: { q?: string; stage?: readonly LeadStage[]; assignee?: ObjectId | null } & {
      view?: LeadListViewName;
      limit: number;
      after?: SortValue[];
      waits?: WaitNarrowing;
    },
  ): Promise<LeadPage<K>> {
    const { q, stage: stages, assignee, view, limit, after, waits = {} } = options;
    if (view === 'needs-reply' && state !== 'active')
      return Promise.resolve({ data: [], nextCursor: null, total: null });
    const needsReply = view === 'needs-reply' ? { oldestFirst: true, waiting: true } : {};
    return this.page(state, scope, at, {
      limit,
      after,
      narrowed: { q, stages, assignee, ...waits, ...needsReply },
    });
  }

  /** The kept totals the scope sees. */
  totals(scope: PartScope, at: TotalsSnapshot): KeptTotals {
    return totalsOfOwners(at.owners, scope.see === 'none' ? [] : scope.owners);
  }

  /**
   * A page of a list the scope narrows. `plain`: not narrowed otherwise (then counted by the kept
   * totals and read from the head where it can); narrowed lists are not counted, as a search is.
   */
  async page(
    state: LeadList,
    scope: PartScope,
    at: TotalsSnapshot,
    { limit, after, narrowed }: ScopedRead,
  ): Promise<LeadPage<K>> {
    if (scope.see === 'none')
      return { data: [], nextCursor: null, total: plain(narrowed) ? 0 : null };
    const owners = ownersWithin(scope.owners, narrowed);
    if (owners.length === 0) return { data: [], nextCursor: null, total: null };
    if (!plain(narrowed))
      return this.answerPage(
        state,
        await this.reads.search(state, { ...narrowed, owners }, limit, after),
        null,
      );
    const total = this.totals(scope, at)[state];
    const fromHead = after ? undefined : await this.headPage(state, scope, at.version, limit);
    return this.answerPage(
      state,
      fromHead ?? (await this.reads.scoped(owners).pageAt(state, at.version, limit, after)),
      total,
    );
  }

  /** The scope's first page from the kind's head, when the head holds all of it. */
  private async headPage(
    state: LeadList,
    scope: PartScope,
    version: number,
    limit: number,
  ): Promise<CachedPage | undefined> {
    const head = await this.reads.head(state, version);
    if (!head) return undefined;
    const theirs = head.records.filter((record) => inScope(scope, record));
    // Every lead after the head sorts after these: the page is theirs if the head gave one more
    // than the page, or is the whole list.
    if (theirs.length <= limit && !head.complete) return undefined;
    return { records: theirs.slice(0, limit), hasMore: theirs.length > limit };
  }
}

/** Not narrowed beyond the scope: no search, no stage, no owner, not the needs-reply view. */
function plain(narrowed: Omit<Narrowing, 'owners'>): boolean {
  return (
    !narrowed.q &&
    !narrowed.stages?.length &&
    narrowed.assignee === undefined &&
    !narrowed.waiting &&
    !narrowed.oldestFirst &&
    !narrowed.overdueBefore
  );
}

/** The scope's owners, narrowed to the one asked for (`assignee`), if it is one of them. */
function ownersWithin(
  owners: readonly string[],
  { assignee }: Omit<Narrowing, 'owners'>,
): readonly string[] {
  if (assignee === undefined) return owners;
  const asked = ownerKeyOf({ assigneeId: assignee });
  return owners.includes(asked) ? [asked] : [];
}
