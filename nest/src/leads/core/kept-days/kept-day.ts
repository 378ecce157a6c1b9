import { createHash } from 'node:crypto';

import { businessMsBetween, type Calendar } from '../../../calendar/business-time';
import { type LeadKindKey } from '../../../contract';
import { ownerKeyOf } from '../lead-scope';
import { type LeadFact } from '../list-view/lead-arrivals';

import { sourceKeyOf } from './kept-keys';

/** A quarter of an hour: every zone's midnight today falls on one (+05:45, +12:45 included). */
export const SLOT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** Counts by key; a key that reached 0 may stay (a lead moved away), and counts as nothing. */
export type Counts = Record<string, number>;

/** Reply-time keys' counts by band (replyBand). */
export type ReplyTimes = Record<string, Counts>;

/** What is counted of the leads of one owner in one slot (or one whole UTC day). */
export interface SlotFigures {
  /** By stage now (`new` for a lead stored before stages). */
  st?: Counts;
  /** By source (kept-keys' encoding of `via:name`). */
  src?: Counts;
  /**
   * Replies by reply-time key (replyKey), grouped by the key's band (`rt.<band>.<key>`): the
   * order statistics and the targets exact, and an answer sums whole bands, reading single keys
   * only in the band a percentile or a target falls in.
   */
  rt?: ReplyTimes;
  /** The same in business hours, per calendar (its fingerprint), as written under it. */
  bt?: Record<string, ReplyTimes>;
}

/** One owner's figures of one UTC day: the day's whole, and arrivals per slot. */
export interface OwnerDay extends SlotFigures {
  /** Arrivals per slot (`s0`..`s95`). */
  n?: Counts;
}

/**
 * One kind's kept figures of one UTC day (issue 36): what insights count, kept per owner (an
 * admin who sees some owners' leads sees only theirs), and per 15-minute slot in `x` (a range
 * in a zone starts and ends on a slot, and only its first and last UTC day are read by slot).
 */
export interface KeptDay {
  _id: string;
  kind: LeadKindKey;
  /** The UTC date, `YYYY-MM-DD`. */
  day: string;
  o?: Record<string, OwnerDay>;
  x?: Record<string, Record<string, SlotFigures>>;
}

/** Dotted paths of a day document and what to add to each (negative to take away). */
export type DayChange = Record<string, number>;

export const dayIdOf = (kind: LeadKindKey, day: string): string => `${kind}:${day}`;

/** The kind and the UTC date a day's `_id` names. */
export function partsOfDayId(id: string): { kind: LeadKindKey; day: string } {
  const colon = id.indexOf(':');
  return { kind: id.slice(0, colon) as LeadKindKey, day: id.slice(colon + 1) };
}

/** The UTC date and slot of an instant. */
export function slotOf(at: Date): { day: string; slot: string } {
  const t = at.getTime();
  const midnight = Math.floor(t / DAY_MS) * DAY_MS;
  return {
    day: new Date(midnight).toISOString().slice(0, 10),
    slot: `s${Math.floor((t - midnight) / SLOT_MS)}`,
  };
}

/**
 * A reply time's key: twice its tenth of a minute (rounded as the answer shows it), plus one when
 * it is past that tenth. Keys sort as the times do, so the nearest-rank median and p90 are exact;
 * a whole-minute target T is the tenth 10T, so "within T" is every key up to 20T.
 */
export function replyKey(ms: number): number {
  const tenth = Math.round((ms / 60_000) * 10);
  return 2 * tenth + (ms > tenth * 6_000 ? 1 : 0);
}

/**
 * The band of a reply-time key: a quarter of a doubling (a band spans about a fifth more time
 * than the one before), negative times (a reply before the lead, from a merge) below zero. Bands
 * sort as their keys do: about 80 bands hold a month of reply times.
 */
export function replyBand(key: number): number {
  return key >= 0 ? Math.floor(4 * Math.log2(key + 1)) : -1 - Math.floor(4 * Math.log2(-key));
}

/** A reply time's path under `rt` or `bt.<calendar>`: `b<band>.h<key>`. */
function replyPath(ms: number): string {
  const key = replyKey(ms);
  return `b${replyBand(key)}.h${key}`;
}

/** A calendar's name in the kept figures: business times under another calendar are others. */
export function calendarKey(calendar: Calendar): string | null {
  if (!calendar) return null;
  return `c${createHash('sha256').update(JSON.stringify(calendar)).digest('hex').slice(0, 12)}`;
}

/** The paths a lead counts in, under `day` (its own), each once. */
function pathsOf(fact: LeadFact, calendar: Calendar): { day: string; paths: string[] } {
  const { day, slot } = slotOf(fact.createdAt);
  const owner = ownerKeyOf(fact);
  const stage = fact.stage ?? 'new';
  const source = sourceKeyOf(fact.source);
  const figures = [`st.${stage}`, `src.${source}`];
  if (fact.firstResponseAt) {
    const from = fact.createdAt.getTime();
    const to = fact.firstResponseAt.getTime();
    figures.push(`rt.${replyPath(to - from)}`);
    const named = calendarKey(calendar);
    if (named) figures.push(`bt.${named}.${replyPath(businessMsBetween(from, to, calendar))}`);
  }
  return {
    day,
    paths: [
      `o.${owner}.n.${slot}`,
      ...figures.map((f) => `o.${owner}.${f}`),
      ...figures.map((f) => `x.${owner}.${slot}.${f}`),
    ],
  };
}

/**
 * How the kept days change when leads go from `before` to `after` (null: spam, removed, or not
 * there yet), per day document: the difference of what each counts in, so no change has to know
 * which figures it moves. Paths that cancel out are left out; no change, no entry.
 */
export function keptChange(
  kind: LeadKindKey,
  before: readonly (LeadFact | null)[],
  after: readonly (LeadFact | null)[],
  calendar: Calendar,
): Map<string, DayChange> {
  const days = new Map<string, DayChange>();
  for (const [facts, sign] of [
    [before, -1],
    [after, 1],
  ] as const)
    for (const fact of facts) {
      if (!fact) continue;
      const { day, paths } = pathsOf(fact, calendar);
      const id = dayIdOf(kind, day);
      const change = days.get(id) ?? {};
      for (const path of paths) change[path] = (change[path] ?? 0) + sign;
      days.set(id, change);
    }
  return withoutZeros(days);
}

/** Several changes as one write: each day's paths summed. */
export function sumOfChanges(changes: readonly Map<string, DayChange>[]): Map<string, DayChange> {
  const sum = new Map<string, DayChange>();
  for (const change of changes)
    for (const [id, paths] of change) {
      const day = sum.get(id) ?? {};
      for (const [path, n] of Object.entries(paths)) day[path] = (day[path] ?? 0) + n;
      sum.set(id, day);
    }
  return withoutZeros(sum);
}

/** Leaves out the paths that cancel out, and the days left with none. */
function withoutZeros(days: Map<string, DayChange>): Map<string, DayChange> {
  for (const [id, change] of days) {
    for (const [path, n] of Object.entries(change)) if (n === 0) delete change[path];
    if (Object.keys(change).length === 0) days.delete(id);
  }
  return days;
}

/** The day documents a full count gives (the check's side), counted one lead at a time. */
export class KeptDaysCount {
  readonly days = new Map<string, KeptDay>();

  constructor(
    private readonly kind: LeadKindKey,
    private readonly calendar: Calendar,
  ) {}

  add(fact: LeadFact): void {
    const { day, paths } = pathsOf(fact, this.calendar);
    const id = dayIdOf(this.kind, day);
    let doc = this.days.get(id);
    if (!doc) this.days.set(id, (doc = { _id: id, kind: this.kind, day }));
    for (const path of paths) addAt(doc as unknown as Record<string, unknown>, path, 1);
  }
}

/** Adds `n` at a dotted path of a plain object, as `$inc` does. */
export function addAt(target: Record<string, unknown>, path: string, n: number): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  let at = target;
  for (const part of parts) at = (at[part] ??= {}) as Record<string, unknown>;
  at[last] = ((at[last] as number | undefined) ?? 0) + n;
}
