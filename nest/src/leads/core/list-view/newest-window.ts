import { type LeadList } from '../../../contract';
import { SORT_KEYS, type SortValue } from '../lead-order';
import { type LeadRecord, stageOf } from '../lead-record';
import { searchWords } from '../lead-words';

import { type ListRead } from './lead-list-source';

/**
 * How many of a list's newest leads a narrowed read looks at first. A word in 1 lead in 40 fills a
 * first page (50) from them; anything rarer has few matches in the whole list, which are cheap to
 * sort. On an engine whose indexes hand matches over in no order (DocumentDB sorts every match of a
 * narrowed read), this bounds the sort by the window instead of by the inbox (decision 0021).
 */
export const WINDOW_LEADS = 2_000;

interface Pace {
  /** The list's newest first-key time seen (its head's first lead). */
  newest: number;
  /** How far, in ms of the first sort key, the list moves per lead (from its head). */
  msPerLead: number;
  /** The head itself: how often a narrowing matches in it says whether a window will fill. */
  sample: readonly LeadRecord[];
}

/**
 * Each list's pace, learnt from its head as read: how far back in time the newest WINDOW_LEADS
 * leads reach. A guess, never a promise: a window is only believed when it fills a whole page
 * (see LeadListView.search), so a stale or wrong pace costs one query, never a wrong answer.
 */
export class ListPace {
  private readonly paces: Partial<Record<LeadList, Pace>> = {};

  /** Learns from a list's head (newest first); a whole list needs no window. */
  learn(state: LeadList, records: readonly LeadRecord[], complete: boolean): void {
    const key = SORT_KEYS[state][0];
    const first = records[0]?.[key];
    const last = records[records.length - 1]?.[key];
    if (complete || !(first instanceof Date) || !(last instanceof Date) || records.length < 2) {
      delete this.paces[state];
      return;
    }
    const span = first.getTime() - last.getTime();
    if (span <= 0) delete this.paces[state];
    else
      this.paces[state] = {
        newest: first.getTime(),
        msPerLead: span / (records.length - 1),
        sample: records,
      };
  }

  /**
   * Where the window of the newest WINDOW_LEADS leads from `after` (or from the list's start)
   * begins, on the list's first sort key. Undefined when the list's pace is not known, or when a
   * narrowing matches so few leads of the head that the window would likely not fill `needed`
   * rows: then the whole list has few matches, and one read of it is cheaper than two.
   */
  windowStart(
    state: LeadList,
    after?: readonly SortValue[],
    narrowed?: { matches: (record: LeadRecord) => boolean; needed: number },
  ): Date | undefined {
    const pace = this.paces[state];
    if (!pace) return undefined;
    if (narrowed) {
      const found = pace.sample.filter(narrowed.matches).length;
      if ((found * WINDOW_LEADS) / pace.sample.length < narrowed.needed) return undefined;
    }
    const from = after?.[0];
    const start = from instanceof Date ? from.getTime() : pace.newest;
    return new Date(start - pace.msPerLead * WINDOW_LEADS);
  }
}

/**
 * A narrowing (search words, stages, owner) tested on a lead in memory, as the database would:
 * used only to guess how often it matches, never to answer.
 */
export function narrowedMatch(
  narrowed: Pick<ListRead, 'q' | 'stages' | 'assignee'>,
): ((record: LeadRecord) => boolean) | undefined {
  const { q, stages, assignee } = narrowed;
  if (!q && !stages?.length && assignee === undefined) return undefined;
  const wanted = q ? searchWords(q) : [];
  return (record) =>
    (!stages?.length || stages.includes(stageOf(record))) &&
    (assignee === undefined ||
      (assignee === null ? !record.assigneeId : Boolean(record.assigneeId?.equals(assignee)))) &&
    wanted.every((word) => (record.words ?? []).some((own) => own.startsWith(word)));
}
