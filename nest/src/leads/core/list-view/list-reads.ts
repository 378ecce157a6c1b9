import { type LeadList } from '../../../contract';
import { type SortValue } from '../lead-order';
import { type LeadRecord } from '../lead-record';
import { ownerKeyOf } from '../lead-scope';

import { type CachedPage, HEAD_SIZE, type LeadChange, LeadListCache } from './lead-list-cache';
import { type LeadListSource, type ListRead } from './lead-list-source';
import { NeedsReplyWindow } from './needs-reply-window';
import { ListPace, narrowedMatch } from './newest-window';

/** A narrowing of a list (search words, stages, an owner, oldest first): read, never cached. */
export type Narrowing = Omit<ListRead, 'after' | 'since'>;

/**
 * How many scopes' heads a kind keeps (an agent's owners, say): one per team member who sees only
 * some leads is the common case; beyond this many the least recently read is dropped, so memory
 * stays bounded whatever the team's size (each head is at most HEAD_SIZE leads per list).
 */
export const SCOPED_HEADS_MAX = 16;

/**
 * One kind's lists as read from its source: the heads kept per version of the kind's totals (a
 * page within a head comes from memory), the newest window read first where indexes serve it
 * (decision 0021), and the needs-reply view's first page kept per version as a head is. Knows
 * versions as numbers only: the list view says which version a read is for.
 */
export class ListReads {
  private readonly cache = new LeadListCache();
  private readonly refills = new Map<string, Promise<number | undefined>>();
  private readonly pace = new ListPace();
  private readonly needsReply = new NeedsReplyWindow();
  /** The heads of the lists narrowed to some owners, by those owners, least recently read first. */
  private readonly scopes = new Map<string, ListReads>();

  /**
   * `owners`: these reads are of the lists narrowed to these owners' leads (a scope's heads, kept
   * as the kind's are); absent, of the whole lists.
   */
  constructor(
    private readonly source: LeadListSource,
    private readonly owners?: readonly string[],
  ) {}

  /**
   * The reads of the lists narrowed to some owners (what an admin who sees only some leads reads):
   * their heads kept per version as the whole lists' are, and moved by this process's changes, so
   * a scoped first page is read from the database once per change by another process, not once
   * per request (issue 34: a scoped admin's lists at the speed of everyone's).
   */
  scoped(owners: readonly string[]): ListReads {
    const key = [...new Set(owners)].sort().join(',');
    let reads = this.scopes.get(key);
    if (reads) this.scopes.delete(key);
    else reads = new ListReads(this.source, key.split(','));
    this.scopes.set(key, reads);
    const oldest = this.scopes.keys().next().value;
    if (this.scopes.size > SCOPED_HEADS_MAX && oldest !== undefined) this.scopes.delete(oldest);
    return reads;
  }

  /** A page of a list as of `version` (from the cached head when it holds that version). */
  async pageAt(
    state: LeadList,
    version: number,
    limit: number,
    after?: SortValue[],
  ): Promise<CachedPage> {
    return (
      this.cache.page(state, version, limit, after) ??
      (await this.readPage(state, version, limit, after))
    );
  }

  /** A list's whole head at `version` (its first leads, and whether they are all of it). */
  async head(
    state: LeadList,
    version: number,
  ): Promise<{ records: readonly LeadRecord[]; complete: boolean } | undefined> {
    if (!this.cache.head(state, version)) await this.refill(state, version);
    return this.cache.head(state, version);
  }

  /** A page of a narrowed list: read, never cached, and not counted. */
  search(
    state: LeadList,
    narrowed: Narrowing,
    limit: number,
    after?: SortValue[],
  ): Promise<CachedPage> {
    return this.read(state, limit, { after, ...narrowed });
  }

  /**
   * A page of the needs-reply view, as every admin opens and pages it: its first HEAD_SIZE leads
   * kept for one version of the totals, as a list's head is (any change of the kind's leads bumps
   * it), so they are read once per change; a page past them is read.
   */
  async needsReplyAt(
    version: number,
    limit: number,
    narrowed: Narrowing,
    after?: SortValue[],
  ): Promise<CachedPage> {
    const read = (size: number) => this.read('active', size, narrowed);
    return (
      (await this.needsReply.page(version, limit, after, read)) ??
      this.read('active', limit, { after, ...narrowed })
    );
  }

  /** Moves the heads from version `from` to `to` by this process's own changes. */
  apply(from: number, to: number, changes: readonly LeadChange[]): void {
    const owners = this.owners;
    // A lead that left these owners (given to someone else) leaves their heads: a removal.
    const mine = owners
      ? changes.map((change) =>
          'upsert' in change && !owners.includes(ownerKeyOf(change.upsert))
            ? { remove: change.upsert._id.toHexString() }
            : change,
        )
      : changes;
    this.cache.apply(from, to, mine);
    for (const scope of this.scopes.values()) scope.apply(from, to, changes);
  }

  /** Nothing read for a version can be trusted any more: the heads and needs-reply's page. */
  forget(): void {
    this.cache.clear();
    this.needsReply.forget();
    this.scopes.clear();
  }

  /**
   * Every read of a list from the database. Newest first on an indexed engine, the list's newest
   * window is read first (decision 0021) unless the head says a narrowing is too rare to fill it:
   * a full page from the window is the list's page, since every lead outside it sorts after them
   * all; otherwise few leads match and the whole list is read.
   */
  private async read(
    state: LeadList,
    limit: number,
    narrowed: Omit<ListRead, 'since'> = {},
  ): Promise<CachedPage> {
    const read = this.owners ? { owners: this.owners, ...narrowed } : narrowed;
    const matches = narrowedMatch(read);
    const since = read.oldestFirst
      ? undefined
      : this.pace.windowStart(state, read.after, matches && { matches, needed: limit + 1 });
    if (since && (await this.source.readsByIndex())) {
      const newest = await this.source.page(state, limit, { ...read, since });
      if (newest.hasMore) return newest;
    }
    return this.source.page(state, limit, read);
  }

  private async readPage(
    state: LeadList,
    version: number,
    limit: number,
    after?: SortValue[],
  ): Promise<CachedPage> {
    // Pages deep in a list are read as asked; only a list's head is worth keeping.
    if (after) return this.read(state, limit, { after });
    // The head as read and caught up with this process's changes since: as new as a read now.
    const reached = await this.refill(state, version);
    return (
      this.cache.page(state, reached ?? version, limit) ??
      // Another change moved the head on meanwhile: answer this request from the database.
      this.read(state, limit)
    );
  }

  /**
   * Reads a list's head into the cache; concurrent readers of the same version share one read.
   * Answers the version the head was caught up to (undefined if a newer head was kept instead).
   */
  private refill(state: LeadList, version: number): Promise<number | undefined> {
    const key = `${state}:${version}`;
    // A read of the list under way that this process's changes since have kept up to `version`
    // serves it too: while writes go on, the list is read once, not once per version asked.
    const underWay = this.cache.readingUpTo(state, version);
    let pending = this.refills.get(key) ?? this.refills.get(`${state}:${underWay}`);
    if (!pending) {
      this.cache.begin(state, version);
      pending = this.read(state, HEAD_SIZE)
        .then(
          ({ records, hasMore }) => {
            this.pace.learn(state, records, !hasMore);
            return this.cache.fill(state, version, records, !hasMore);
          },
          (error: unknown) => {
            this.cache.abandon(state, version);
            throw error;
          },
        )
        .finally(() => this.refills.delete(key));
      this.refills.set(key, pending);
    }
    return pending;
  }
}
