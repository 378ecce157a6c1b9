import type { LeadKindKey } from './lead-kinds';

// --- automatic assignment (issue 35) --------------------------------------------------------
export const ASSIGNMENT_PATH = '/settings/assignment';
/** The signed-in admin's own availability (away now, or for dates ahead). */
export const AVAILABILITY_PATH = '/auth/me/availability';

/**
 * How a kind's new leads get an owner. `off` (the default): nobody is chosen. `round-robin`: the
 * eligible admins in turn. `least-open`: the eligible admin with the fewest open leads of the kind.
 */
export const ASSIGNMENT_RULES = ['off', 'round-robin', 'least-open'] as const;
export type AssignmentRule = (typeof ASSIGNMENT_RULES)[number];
export type ActiveAssignmentRule = Exclude<AssignmentRule, 'off'>;

/** One kind's rule: who may be chosen (admin ids, in rotation order) and how many open leads each may hold. */
export interface KindAssignment {
  rule: AssignmentRule;
  admins: string[];
  /** The most open leads of the kind an admin is given by the rule; null: no cap. */
  cap: number | null;
}

export type AssignmentSettings = Record<LeadKindKey, KindAssignment>;

export const ASSIGNMENT_LIMITS = { admins: 100, cap: { min: 1, max: 10_000 } } as const;

export const KIND_ASSIGNMENT_DEFAULT: KindAssignment = { rule: 'off', admins: [], cap: null };

/** Body of `PUT /settings/assignment`: the kinds to change, each whole. */
export interface AssignmentRequest {
  assignment: Partial<AssignmentSettings>;
}

/** Answer of `GET`/`PUT /settings/assignment`: every kind's rule. */
export interface AssignmentResponse {
  success: true;
  assignment: AssignmentSettings;
}

/** Why a rule left a lead without an owner; it gets one when someone is available again. */
export const ASSIGNMENT_WAIT_REASONS = {
  'everyone-at-cap': 'everyone at cap',
  'everyone-away': 'everyone away',
  'everyone-away-or-at-cap': 'everyone away or at cap',
} as const;
export type AssignmentWaitReason = keyof typeof ASSIGNMENT_WAIT_REASONS;

/**
 * An admin's availability. `away: true` alone: away from now until they come back. With `from`
 * and/or `until` (ISO 8601): away only between them (a holiday ahead); outside it, available.
 */
export interface Availability {
  away: boolean;
  from: string | null;
  until: string | null;
}

/** Body of `PUT /auth/me/availability`. `away: false` clears any dates. */
export interface AvailabilityRequest {
  away: boolean;
  from?: string;
  until?: string;
}

export interface AvailabilityResponse {
  success: true;
  availability: Availability & {
    /** Whether the rules skip them right now. */
    awayNow: boolean;
  };
}

export const AVAILABLE: Availability = { away: false, from: null, until: null };

/** Whether an admin with this availability is away at `now`. */
export function isAwayAt(availability: Availability, now: Date): boolean {
  if (!availability.away) return false;
  const t = now.getTime();
  if (availability.from !== null && t < Date.parse(availability.from)) return false;
  if (availability.until !== null && t >= Date.parse(availability.until)) return false;
  return true;
}

/**
 * What an `assign` timeline event adds when a kind's rule chose: `by: 'rule'` and its name; with
 * `to: null` and `waiting`, the rule found nobody available and the lead waits for someone.
 */
export interface RuleAssignDetails {
  by?: 'rule';
  rule?: ActiveAssignmentRule;
  waiting?: AssignmentWaitReason;
}
