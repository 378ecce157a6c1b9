import {
  type ActiveAssignmentRule,
  type AdminRef,
  type Availability,
  type AssignmentWaitReason,
  isAwayAt,
  type KindAssignment,
} from '../contract';

/** Who a rule may choose right now: the eligible admins that exist, and who of them is away. */
export interface Candidates {
  /** Eligible admins in rotation order (removed admins left out). */
  admins: readonly string[];
  away: ReadonlySet<string>;
}

/** Candidates with each one's name, as a lead's owner is written. */
export type RuleCandidates = Candidates & { refs: Map<string, AdminRef> };

/** The kind's eligible admins that still exist, in rotation order, and who of them is away `now`. */
export function candidatesOf(
  { admins: eligible }: Pick<KindAssignment, 'admins'>,
  existing: readonly AdminRef[],
  availability: Readonly<Record<string, Availability>>,
  now: Date,
): RuleCandidates {
  const refs = new Map(existing.map((a) => [a.id, { id: a.id, email: a.email }] as const));
  const admins = eligible.filter((id) => refs.has(id));
  const away = new Set(
    admins.filter((id) => {
      const set = availability[id];
      return set !== undefined && isAwayAt(set, now);
    }),
  );
  return { admins, away, refs };
}

export type Choice =
  { admin: string; turn: number } | { waiting: AssignmentWaitReason } | { waiting: null };

/**
 * Whom a kind's rule gives the next lead, from where the rotation stands (`turn`) and each admin's
 * open leads: the next available admin below the cap in rotation order (round-robin), or the one
 * with the fewest open leads, ties in rotation order (least-open). `turn` after: just past the one
 * chosen, so with nobody skipped each admin gets every n-th lead. Nobody available: why.
 */
export function choose(
  rule: ActiveAssignmentRule,
  { cap }: Pick<KindAssignment, 'cap'>,
  { admins, away }: Candidates,
  turn: number,
  open: Readonly<Record<string, number>>,
): Choice {
  const n = admins.length;
  if (n === 0) return { waiting: null };
  const inOrder = admins.map((_, i) => (((turn + i) % n) + n) % n);
  const hasRoom = (admin: string) => cap === null || (open[admin] ?? 0) < cap;
  const available = inOrder.filter((i) => !away.has(admins[i]!) && hasRoom(admins[i]!));
  if (available.length === 0) return { waiting: whyNobody(admins, away) };
  let chosen = available[0]!;
  if (rule === 'least-open')
    for (const i of available)
      if ((open[admins[i]!] ?? 0) < (open[admins[chosen]!] ?? 0)) chosen = i;
  const steps = inOrder.indexOf(chosen);
  return { admin: admins[chosen]!, turn: turn + steps + 1 };
}

function whyNobody(admins: readonly string[], away: ReadonlySet<string>): AssignmentWaitReason {
  const awayCount = admins.filter((admin) => away.has(admin)).length;
  if (awayCount === admins.length) return 'everyone-away';
  return awayCount === 0 ? 'everyone-at-cap' : 'everyone-away-or-at-cap';
}

/** Whether anyone of them could take a lead now (the sweep's reason to look). */
export function anyoneHasRoom(
  { cap }: Pick<KindAssignment, 'cap'>,
  { admins, away }: Candidates,
  open: Readonly<Record<string, number>>,
): boolean {
  return admins.some((admin) => !away.has(admin) && (cap === null || (open[admin] ?? 0) < cap));
}
