import type { LeadKindKey } from './lead-kinds';
import type { LeadStage } from './lead-stages';
import type { LeadAssignee } from './lead-work';

// --- the queue: one list across the kinds (issue 32) -----------------------------------------

/** `GET /leads`: every kind the admin may see, merged into one keyset-paged list. */
export const QUEUE_PATH = '/leads';

/**
 * The queue's orders. `newest` and `oldest` by the list's own time (arrival; archived: when it
 * left the inbox; spam: when it was held); `due`: the leads that wait on us, due soonest first.
 */
export const QUEUE_SORTS = ['newest', 'oldest', 'due'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** `owner=`: mine, nobody's, anyone's (no narrowing), or one admin's by id. */
export const QUEUE_OWNERS = ['me', 'nobody', 'anyone'] as const;
export type QueueOwner = (typeof QUEUE_OWNERS)[number] | string;

/** What `GET /leads` is asked, as the web sends it and the API reads it (before the text form). */
export interface QueueQuery {
  /** Only these kinds (default: every kind the admin may see). */
  kind?: LeadKindKey[];
  stage?: LeadStage[];
  owner?: QueueOwner;
  /** Only the leads that wait on us: `new`, or they wrote after our reply. */
  needsReply?: boolean;
  /** Only the leads that wait on us past their kind's response target. */
  overdue?: boolean;
  /** The archived list instead of the inbox. */
  archived?: boolean;
  /** The spam list instead of the inbox. */
  spam?: boolean;
  /** The words search (docs/search.md). */
  q?: string;
  sort?: QueueSort;
  limit?: number;
  /** `nextCursor` of the previous page: opaque, bound to its sort and list. */
  cursor?: string;
}

/** One row of the queue: what the list shows of a lead, and where it is (kind and id). */
export interface QueueRow {
  kind: LeadKindKey;
  id: string;
  name: string;
  stage: LeadStage;
  owner: LeadAssignee;
  /** The first line of the lead's message (contact-us), company or location, at most 140 characters. */
  firstLine: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: when our answer is due (the lead's `dueAt`). */
  dueAt: string;
  /** True while it waits on us past `dueAt`. */
  overdue: boolean;
}

export interface QueueResponse {
  success: true;
  data: QueueRow[];
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** The longest `firstLine`. */
export const QUEUE_FIRST_LINE_MAX = 140;

/** A query as `GET /leads`'s query string: lists comma-separated, booleans as `true`/`false`. */
export function queueSearchParams(query: QueueQuery): Record<string, string | undefined> {
  const flag = (value?: boolean) => (value === undefined ? undefined : String(value));
  return {
    kind: query.kind?.length ? query.kind.join(',') : undefined,
    stage: query.stage?.length ? query.stage.join(',') : undefined,
    owner: query.owner,
    needsReply: flag(query.needsReply),
    overdue: flag(query.overdue),
    archived: flag(query.archived),
    spam: flag(query.spam),
    q: query.q || undefined,
    sort: query.sort,
    limit: query.limit === undefined ? undefined : String(query.limit),
    cursor: query.cursor,
  };
}
