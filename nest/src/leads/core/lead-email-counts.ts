import { emailKey, LEAD_KIND_KEYS, type LeadKindKey, type LeadViewer } from '../../contract';

import { type LeadRecord } from './lead-record';
import { ownerKeyOf, scopeOf, seesOwner } from './lead-scope';

/**
 * How an address's leads change: by email key, by where each is counted (`<kind>.<owner>`, the
 * owner as the kept totals name it: an admin's id or `none`), how many arrived (+) or went (-).
 * An owner change is a -1 and a +1 under one key.
 */
export type EmailCountDeltas = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** What the lead repositories tell the counts: leads of these keys arrived, went or moved. */
export interface EmailCountsKeeper {
  change(deltas: EmailCountDeltas): Promise<void>;
}

/**
 * One address's kept counts: every lead of it (`count`), and by kind and owner (`by`), so that an
 * admin who sees only some of them is told of those alone (issue 34), from the same one lookup.
 */
export interface AddressCounts {
  count: number;
  by?: Partial<Record<LeadKindKey, Record<string, number>>>;
}

/** Where a lead of `kind` is counted in `by`. */
const placeOf = (kind: LeadKindKey, record: Pick<LeadRecord, 'assigneeId'>) =>
  `${kind}.${ownerKeyOf(record)}`;

function add(deltas: Map<string, Map<string, number>>, key: string, place: string, n: number) {
  const places = deltas.get(key) ?? new Map<string, number>();
  places.set(place, (places.get(place) ?? 0) + n);
  deltas.set(key, places);
}

/** Leads of a kind that arrived (+1) or went (-1), by address and owner. */
export function keyDeltas(
  kind: LeadKindKey,
  records: readonly Pick<LeadRecord, 'email' | 'assigneeId'>[],
  sign: 1 | -1,
): EmailCountDeltas {
  const deltas = new Map<string, Map<string, number>>();
  for (const record of records) add(deltas, emailKey(record.email), placeOf(kind, record), sign);
  return deltas;
}

/**
 * A write that set `setOf(target)` on leads of a kind as read before (`targets`): those it gave
 * another owner are counted under the new one by address. Only when the write changed every
 * target: when another process changed some in between, which ones this write moved can't be
 * told, and those addresses keep their counts by owner as they were (none is lost from their total).
 */
export function ownerMovesOf<T extends Pick<LeadRecord, 'email' | 'assigneeId'>>(
  kind: LeadKindKey,
  targets: readonly T[],
  setOf: (target: T) => Pick<LeadRecord, 'assigneeId'>,
  modified: number,
): EmailCountDeltas {
  const deltas = new Map<string, Map<string, number>>();
  if (modified !== targets.length) return deltas;
  for (const record of targets) {
    const set = setOf(record);
    if (!('assigneeId' in set)) continue;
    const to = placeOf(kind, set);
    const from = placeOf(kind, record);
    if (from === to) continue;
    add(deltas, emailKey(record.email), from, -1);
    add(deltas, emailKey(record.email), to, 1);
  }
  return deltas;
}

/** The change of an address's total (a move changes none). */
export const totalOf = (places: ReadonlyMap<string, number>): number =>
  [...places.values()].reduce((sum, n) => sum + n, 0);

/** The `$inc` of one address's changes: its total, and each kind's owner (dotted paths into `by`). */
export function incrementOf(places: ReadonlyMap<string, number>): Record<string, number> {
  const inc: Record<string, number> = { count: totalOf(places) };
  for (const [place, n] of places) if (n !== 0) inc[`by.${place}`] = n;
  return inc;
}

/** Whether some count changes at all. */
export const changesAny = (deltas: EmailCountDeltas): boolean =>
  [...deltas.values()].some((places) => [...places.values()].some((n) => n !== 0));

/** An address's counts with a round's changes added (a copy). */
export function withChanges(
  counts: AddressCounts,
  places: ReadonlyMap<string, number>,
): AddressCounts {
  const by: Partial<Record<LeadKindKey, Record<string, number>>> = {};
  for (const key of LEAD_KIND_KEYS) if (counts.by?.[key]) by[key] = { ...counts.by[key] };
  for (const [place, n] of places) {
    const [kind, owner] = place.split('.') as [LeadKindKey, string];
    const owners = (by[kind] ??= {});
    owners[owner] = (owners[owner] ?? 0) + n;
  }
  return { count: counts.count + totalOf(places), by };
}

const sum = (owners: Record<string, number> | undefined, only?: readonly string[]) =>
  Object.entries(owners ?? {}).reduce(
    (total, [owner, n]) => total + (!only || only.includes(owner) ? n : 0),
    0,
  );

/**
 * How many of an address's leads `viewer` sees: every one for a viewer who sees every kind whole
 * (the total, kept before owners were), else each kind's owners they see.
 */
export function seenCount(counts: AddressCounts, viewer: LeadViewer): number {
  const scopes = LEAD_KIND_KEYS.map((kind) => [kind, scopeOf(viewer, kind)] as const);
  if (scopes.every(([, scope]) => scope.see === 'all')) return counts.count;
  return scopes.reduce((total, [kind, scope]) => {
    if (scope.see === 'none') return total;
    return total + sum(counts.by?.[kind], scope.see === 'all' ? undefined : scope.owners);
  }, 0);
}

/** The lead itself is one of its address's leads the viewer sees, when its scope holds it. */
export const seesItself = (
  viewer: LeadViewer,
  kind: LeadKindKey,
  record: Pick<LeadRecord, 'assigneeId'>,
): boolean => seesOwner(scopeOf(viewer, kind), ownerKeyOf(record));
