import { type FilterQuery, trusted } from 'mongoose';

import { type LeadList, type LeadStage } from '../../../contract';
import { ObjectId } from '../../../database/object-id';
import { SORT_KEYS, type SortKey, sortSpec, type SortValue } from '../lead-order';
import { type LeadRecord } from '../lead-record';
import { UNASSIGNED_KEY } from '../lead-scope';
import { searchWords, WORDS_VERSION } from '../lead-words';
import { type ListRead } from '../list-view/lead-list-source';

import { WORDS_FIELD, WORDS_VERSION_FIELD, type WordsForm } from './lead-words.repository';

/**
 * Every query the inbox sends, built in one place: the repository runs them, and the index test
 * (test/api/lead-indexes.e2e-spec.ts) checks each one against the indexes the schema creates.
 * `trusted()` marks our own operators, which the connection's sanitizeFilter would otherwise refuse.
 */
export interface LeadQuery {
  filter: FilterQuery<LeadRecord>;
  sort: Record<SortKey, 1 | -1>;
  /** The index to read through, where the engine's own choice is known to be poor (decision 0021). */
  hint?: Record<SortKey, 1 | -1>;
}

/**
 * The leads of one list. Spam is its own list whatever `archivedAt` says, so the other two pin
 * `spamAt: null` (a lead stored before spam has no field, and null matches it too): an equality the
 * list indexes lead with (lead.schema.ts), so spam never sits in their scans.
 */
export function stateFilter(state: LeadList): FilterQuery<LeadRecord> {
  if (state === 'spam') return { spamAt: trusted({ $ne: null }) };
  return state === 'active'
    ? { spamAt: null, archivedAt: null }
    : { spamAt: null, archivedAt: trusted({ $ne: null }) };
}

/**
 * Leads in one of these stages. A lead stored before stages has none and is `new`, so `new` also
 * matches a missing stage (null): reads stay right with no pass over the stored leads first.
 */
export function stageFilter(stages: readonly LeadStage[]): FilterQuery<LeadRecord> {
  const values: (LeadStage | null)[] = [...new Set(stages)];
  if (values.includes('new')) values.push(null);
  return values.length === 1 ? { stage: values[0] } : { stage: trusted({ $in: values }) };
}

/** What a kept stage total counts (only the checks count it): active leads in that stage. */
export function stageCountFilter(stage: LeadStage): FilterQuery<LeadRecord> {
  return { ...stateFilter('active'), ...stageFilter([stage]) };
}

/**
 * What the kept `waiting` counts: active leads past `new` that wrote after our last reply (issue
 * 33). With the `new` ones, what "Needs reply" holds.
 */
export const waitingCountFilter: FilterQuery<LeadRecord> = {
  ...stateFilter('active'),
  awaitingReplySince: trusted({ $ne: null }),
  stage: trusted({ $nin: ['new', null] }),
};

/** The leads `waiting` counts, read for when each began to wait (once per version of the totals). */
export const waitingSinceFilter = waitingCountFilter;

/** Leads that wait on us, in a list narrowed to them: still `new`, or they wrote last. */
export const waitsOnUsFilter: FilterQuery<LeadRecord> = {
  $or: [stageFilter(['new']), { awaitingReplySince: trusted({ $ne: null }) }],
};

/** What the kept `snoozed` counts: active leads that wait on us, with a follow-up set. */
export const snoozedCountFilter: FilterQuery<LeadRecord> = {
  followUpAt: trusted({ $ne: null }),
  ...stateFilter('active'),
  ...waitsOnUsFilter,
};

/**
 * Leads that have waited on us since before `before` (their due time has passed, in the kind's
 * target): still `new` with no open wait since arrival, or an open wait that began before it. The
 * overdue time is `dueOf()`'s, as a range on the stored times (lead-record.ts).
 */
export function overdueFilter(before: Date): FilterQuery<LeadRecord> {
  return {
    $or: [
      { awaitingReplySince: null, ...stageFilter(['new']), createdAt: trusted({ $lt: before }) },
      { awaitingReplySince: trusted({ $lt: before }) },
    ],
  };
}

/** What the kept `unread` counts: active leads nobody has opened. */
export const unreadFilter: FilterQuery<LeadRecord> = { ...stateFilter('active'), readAt: null };

/**
 * Leads by id (one call's worth, at most LEAD_IDS_MAX). One id is an equality, not `$in`: FerretDB
 * 1.x looks an `_id` equality up directly but reads the whole collection for `$in` (opening a lead
 * marks it read: one id, every time).
 */
export function idsFilter(ids: readonly ObjectId[]): FilterQuery<LeadRecord> {
  return ids.length === 1 ? { _id: ids[0] } : { _id: trusted({ $in: ids }) };
}

/**
 * Leads one admin owns, or (null) nobody: a lead stored before owners has no field, and `null`
 * matches it too.
 */
export function assigneeFilter(assignee: ObjectId | null): FilterQuery<LeadRecord> {
  return { assigneeId: assignee };
}

/**
 * Leads an assignment rule left waiting for one of these reasons (or marked for its round), oldest
 * first, those that arrived before `before` alone if given (the sweep).
 */
export function assignWaitingQuery(
  reasons: readonly string[],
  before?: Date,
): { filter: FilterQuery<LeadRecord>; sort: Record<string, 1> } {
  return {
    filter: {
      assignWaiting: trusted({ $in: [...reasons] }),
      ...(before ? { createdAt: trusted({ $lt: before }) } : {}),
    },
    sort: { createdAt: 1, _id: 1 },
  };
}

/** Open leads with an owner: active, not won or lost (recounting each admin's open leads). */
export const openOwnedFilter: FilterQuery<LeadRecord> = {
  assigneeId: trusted({ $ne: null }),
  stage: trusted({ $nin: ['won', 'lost'] }),
  spamAt: null,
  archivedAt: null,
};

/**
 * Leads of some owners, by their kept totals' keys (an admin's id, UNASSIGNED_KEY for nobody's):
 * what an admin with `assigned` access sees. The owner indexes serve it as they serve one owner.
 */
export function ownersFilter(owners: readonly string[]): FilterQuery<LeadRecord> {
  const values = [...new Set(owners)].map((key) =>
    key === UNASSIGNED_KEY ? null : new ObjectId(key),
  );
  return values.length === 1 ? { assigneeId: values[0] } : { assigneeId: trusted({ $in: values }) };
}

/**
 * Active leads still `new` that arrived at or after `since`: those not yet overdue against a
 * target of `now - since` (the list view keeps their arrival times to tell the overdue apart).
 */
export function recentNewFilter(since: Date): FilterQuery<LeadRecord> {
  return { ...stageCountFilter('new'), createdAt: trusted({ $gte: since }) };
}

/** A read of a list as the view asks for it, in the engine's form of search words. */
export type ListQueryOptions = ListRead & { form?: WordsForm };

/** A list, optionally from after a cursor's position and narrowed to a search, stages, an owner. */
export function listQuery(state: LeadList, options: ListQueryOptions = {}): LeadQuery {
  const filter: FilterQuery<LeadRecord> = { ...stateFilter(state) };
  if (options.stages?.length) Object.assign(filter, stageFilter(options.stages));
  if (options.assignee !== undefined) Object.assign(filter, assigneeFilter(options.assignee));
  else if (options.owners) Object.assign(filter, ownersFilter(options.owners));
  const direction = options.oldestFirst ? 1 : -1;
  // Put off by a follow-up: out of Needs reply until it comes (then the worker clears it). A
  // residual filter, as waiting is: the stage index's range holds the few put off.
  const and: FilterQuery<LeadRecord>[] = options.waiting
    ? [waitsOnUsFilter, { followUpAt: null }]
    : [];
  if (options.overdueBefore) and.push(overdueFilter(options.overdueBefore));
  if (options.after) {
    const { bound, order } = keysetBound(state, options.after, direction);
    Object.assign(filter, mergeField(filter, bound));
    and.push(order);
  }
  if (options.since) {
    const first = SORT_KEYS[state][0];
    Object.assign(filter, mergeField(filter, { [first]: trusted({ $gte: options.since }) }));
  }
  if (options.q) {
    const { $and: more = [], ...search } = searchFilter(options.q, options.form);
    Object.assign(filter, search);
    and.push(...more);
  }
  if (and.length > 0) filter.$and = and;
  return { filter, sort: sortSpec(state, direction) };
}

/**
 * "Sorts after these values" under the list's keys (descending, or ascending for direction 1), as
 * a lexicographic `<` (`>`) ($or), plus the redundant bound `firstKey <= value` (`>=`): it lets an
 * index scan start at the cursor instead of walking every earlier entry (MongoDB's planner cannot
 * derive it from the $or).
 */
function keysetBound(
  state: LeadList,
  values: SortValue[],
  direction: 1 | -1,
): { bound: FilterQuery<LeadRecord>; order: FilterQuery<LeadRecord> } {
  const keys = SORT_KEYS[state];
  const [inclusive, strict] = direction === 1 ? ['$gte', '$gt'] : ['$lte', '$lt'];
  return {
    bound: { [keys[0]]: trusted({ [inclusive]: values[0] }) },
    order: {
      $or: keys.map((key, i) => ({
        ...Object.fromEntries(keys.slice(0, i).map((k, j) => [k, values[j]])),
        [key]: trusted({ [strict]: values[i] }),
      })),
    },
  };
}

/** Puts `{field: {$op…}}` into a filter, joining operators when the field already has some. */
export function mergeField(
  filter: FilterQuery<LeadRecord>,
  addition: FilterQuery<LeadRecord>,
): FilterQuery<LeadRecord> {
  const [field, condition] = Object.entries(addition)[0] as [string, object];
  const existing: unknown = filter[field];
  const joined =
    existing && typeof existing === 'object' && !(existing instanceof Date)
      ? trusted({ ...existing, ...condition })
      : condition;
  return { [field]: joined };
}

/**
 * A search: every word typed (normalised as stored, searchWords()) must start a word of the lead.
 * In the array form each is an anchored, case-sensitive prefix pattern on `words`, which MongoDB
 * turns into an index range (`^val` is ["val", "vam")); the longest word, likely the rarest, is the
 * one at the top level, where lead.schema.ts's indexes bound it. In the text form (FerretDB 1.x,
 * which reads every lead anyway) it is the start of the string or a space before the word. Text
 * with no word in it matches no lead.
 */
export function searchFilter(q: string, form: WordsForm = 'array'): FilterQuery<LeadRecord> {
  const field = WORDS_FIELD[form];
  const start = form === 'array' ? '^' : '(?:^| )';
  const wanted = [...new Set(searchWords(q))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return { [field]: trusted({ $in: [] }) };
  const [first, ...rest] = wanted.map((word) => ({
    [field]: trusted({ $regex: `${start}${escapeRegex(word)}` }),
  }));
  return rest.length > 0 ? { ...first, $and: rest } : { ...first };
}

/** Words are letters and digits only, but a pattern built from text is escaped all the same. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every lead of one email address (emailKey() of it). */
export function emailFilter(key: string): FilterQuery<LeadRecord> {
  return { emailKey: key };
}

/**
 * Leads without this form's words of this version: stored before words existed, with words of
 * fewer fields (WORDS_VERSION), or on another engine.
 */
export function missingWordsFilter(form: WordsForm = 'array'): FilterQuery<LeadRecord> {
  return { [WORDS_VERSION_FIELD[form]]: trusted({ $ne: WORDS_VERSION }) };
}

/** Leads stored before emailKey existed (filled in at start). */
export const missingEmailKeyFilter: FilterQuery<LeadRecord> = { emailKey: null };

/**
 * Leads that arrived in `[from, to)`, spam left out (insights). A lead never held as spam has
 * `spamAt` null (or none, stored before spam), which `null` matches. Read through the driver,
 * projected to ARRIVAL_FIELDS: plain values, no documents built for thousands of leads.
 */
export function arrivalsFilter(from: Date, to: Date): Record<string, unknown> {
  return { spamAt: null, createdAt: { $gte: from, $lt: to } };
}

/**
 * The fields insights read of a lead: no personal data leaves the database for them (the owner's
 * id, to count only the leads an admin sees).
 */
export const ARRIVAL_FIELDS = {
  createdAt: 1,
  stage: 1,
  firstResponseAt: 1,
  'source.utm_source': 1,
  'source.referrer': 1,
  assigneeId: 1,
} as const;

/** A whole kind's count (the kept days') reads every lead, spam left out by `notSpam`. */
// DocumentDB streams an unfiltered read (100,000 leads in 2.4 s); `spamAt: null` paged slower with
// each batch (15-27 s for 100,000, over ten minutes for a million).
export const EVERY_ARRIVAL = { filter: {}, projection: { ...ARRIVAL_FIELDS, spamAt: 1 } } as const;

/** The leads of a whole-kind read that count in insights. */
export async function* notSpam<T extends { spamAt?: Date | null }>(
  leads: AsyncIterable<T>,
): AsyncIterable<T> {
  for await (const lead of leads) if (lead.spamAt === null || lead.spamAt === undefined) yield lead;
}
