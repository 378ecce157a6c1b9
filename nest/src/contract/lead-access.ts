import { LEAD_KIND_KEYS, type LeadKindKey } from './lead-kinds';

// --- access to leads (issue 34) -------------------------------------------------------------
/**
 * Which leads of a kind an admin sees: every one, only those assigned to them (and nobody's, with
 * `seeUnassigned`), or none. Held on every path that shows a lead or a fact about one.
 */
export const LEAD_ACCESS_LEVELS = ['all', 'assigned', 'none'] as const;
export type LeadAccessLevel = (typeof LEAD_ACCESS_LEVELS)[number];

/** An admin's access to leads: a level per kind, and whether `assigned` takes in nobody's leads. */
export interface LeadAccess {
  kinds: Record<LeadKindKey, LeadAccessLevel>;
  /** With `assigned`: the leads nobody owns are seen too (to pick up new work). */
  seeUnassigned: boolean;
}

/** A change of access (PATCH /admins/:id): the kinds named change, the rest stay as they are. */
export interface LeadAccessChange {
  kinds?: Partial<Record<LeadKindKey, LeadAccessLevel>>;
  seeUnassigned?: boolean;
}

const everyKind = (level: LeadAccessLevel) =>
  Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, level])) as Record<
    LeadKindKey,
    LeadAccessLevel
  >;

/** Every lead of every kind: owners' and managers' default, and an admin stored before access. */
export const FULL_LEAD_ACCESS: LeadAccess = { kinds: everyKind('all'), seeUnassigned: true };
/** No lead at all: new agents' and viewers' default, until an owner gives them some. */
export const NO_LEAD_ACCESS: LeadAccess = { kinds: everyKind('none'), seeUnassigned: false };

/** `access` with a change applied. */
export function changedLeadAccess(access: LeadAccess, change: LeadAccessChange): LeadAccess {
  return {
    kinds: { ...access.kinds, ...(change.kinds ?? {}) } as Record<LeadKindKey, LeadAccessLevel>,
    seeUnassigned: change.seeUnassigned ?? access.seeUnassigned,
  };
}

export const sameLeadAccess = (a: LeadAccess, b: LeadAccess): boolean =>
  a.seeUnassigned === b.seeUnassigned && LEAD_KIND_KEYS.every((k) => a.kinds[k] === b.kinds[k]);

/** Each kind's plain name for people, as the access summary says it. */
export const LEAD_KIND_WORDS: Record<LeadKindKey, string> = {
  contactUs: 'contact-us',
  keDemo: 'KE demo',
  brokerDemo: 'broker demo',
  consultation: 'consultation',
};
const kindWords = (key: LeadKindKey) => LEAD_KIND_WORDS[key];

const joined = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * The access in plain words, as the Admins and Account pages show it after "Sees" or "You see":
 * "all contact-us leads; consultation leads assigned to them and those nobody has".
 */
export function leadAccessSummary(access: LeadAccess, whom = 'them'): string {
  const of = (level: LeadAccessLevel) =>
    LEAD_KIND_KEYS.filter((key) => access.kinds[key] === level).map(kindWords);
  const all = of('all');
  const assigned = of('assigned');
  if (all.length === LEAD_KIND_KEYS.length) return 'every lead';
  const parts = [
    ...(all.length ? [`all ${joined(all)} leads`] : []),
    ...(assigned.length
      ? [
          `${joined(assigned)} leads assigned to ${whom}${access.seeUnassigned ? ' and those nobody has' : ''}`,
        ]
      : []),
  ];
  return parts.length ? parts.join('; ') : 'no leads';
}

/** The access as one line of text (the audit log's before and after). */
export function leadAccessText(access: LeadAccess): string {
  const kinds = LEAD_KIND_KEYS.map((key) => `${key}=${access.kinds[key]}`).join(', ');
  return `${kinds}; seeUnassigned=${String(access.seeUnassigned)}`;
}

/** Who reads leads, and which: the admin behind a request, or the API's own jobs (all). */
export interface LeadViewer {
  /** The admin's id; null for the API's own jobs (the notification worker, retention). */
  id: string | null;
  access: LeadAccess;
}
