import { compareInList, type SortValue, sortValues } from '../lead-order';

import { type CachedPage, firstAfter, HEAD_SIZE, pageFrom } from './lead-list-cache';

/** The oldest waiting leads of the active list at one version, in the view's order. */
interface Kept {
  version: number;
  reading: Promise<CachedPage>;
}

/**
 * The needs-reply view's first HEAD_SIZE leads (the active list's leads that wait on us, oldest
 * first), read once per version of the kind's totals as a list's head is: any change of the kind's
 * leads moves the version on, so what is kept is exact for the version it was read at. Every page
 * within it comes from memory, so the queue's "due soonest" pages on through a working day's
 * backlog without a read each (issue 32); a page past it answers undefined, for the caller to read.
 */
export class NeedsReplyWindow {
  private kept?: Kept;

  /**
   * A page of `limit` after `after` (the view's sort values of the last lead shown) at `version`,
   * the window read with `read` when it is not of that version; undefined past the window.
   */
  async page(
    version: number,
    limit: number,
    after: SortValue[] | undefined,
    read: (size: number) => Promise<CachedPage>,
  ): Promise<CachedPage | undefined> {
    const { records, hasMore } = await this.at(version, read);
    // Oldest first: a lead comes after `after` where the list (newest first) puts it before.
    const start = after
      ? firstAfter(records, (r) => compareInList('active', sortValues('active', r), after) < 0)
      : 0;
    return pageFrom(records, !hasMore, start, limit);
  }

  /** Nothing read for an earlier version can be trusted any more. */
  forget(): void {
    this.kept = undefined;
  }

  private at(version: number, read: (size: number) => Promise<CachedPage>): Promise<CachedPage> {
    let kept = this.kept;
    if (!kept || kept.version !== version) {
      const reading = read(HEAD_SIZE);
      kept = this.kept = { version, reading };
      reading.catch(() => {
        if (this.kept?.reading === reading) this.kept = undefined;
      });
    }
    return kept.reading;
  }
}
