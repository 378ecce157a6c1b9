import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_RULES,
  type AssignmentSettings,
  type Availability,
  type AvailabilityRequest,
  type KindAssignment,
  LEAD_KIND_KEYS,
} from '../contract';

export type FieldErrors = Record<string, string[]>;

const ADMIN_ID = /^[0-9a-f]{24}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with a `PUT /settings/assignment` body's `assignment`, per field
 * (`assignment.keDemo.admins.1`); `known` holds the ids of the admins that exist.
 */
export function assignmentErrors(assignment: unknown, known: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!isRecord(assignment)) {
    add('assignment', 'must be an object of kinds, each {rule, admins, cap}');
    return errors;
  }
  const keys = Object.keys(assignment);
  if (keys.length === 0) add('assignment', 'name at least one kind');
  for (const key of keys) {
    const field = `assignment.${key}`;
    if (!(LEAD_KIND_KEYS as readonly string[]).includes(key)) {
      add(field, `is not a kind: use ${LEAD_KIND_KEYS.join(', ')}`);
      continue;
    }
    const kind = assignment[key];
    if (!isRecord(kind)) {
      add(field, 'must be {rule, admins, cap}');
      continue;
    }
    for (const extra of Object.keys(kind).filter((k) => !['rule', 'admins', 'cap'].includes(k)))
      add(`${field}.${extra}`, 'is not a field: use rule, admins, cap');
    if (!(ASSIGNMENT_RULES as readonly unknown[]).includes(kind.rule))
      add(`${field}.rule`, `must be one of ${ASSIGNMENT_RULES.join(', ')}`);
    adminsErrors(kind.admins, `${field}.admins`, known, add);
    const on = kind.rule === 'round-robin' || kind.rule === 'least-open';
    if (on && Array.isArray(kind.admins) && kind.admins.length === 0)
      add(`${field}.admins`, 'name at least one admin for the rule to choose from');
    const { min, max } = ASSIGNMENT_LIMITS.cap;
    if (
      kind.cap !== null &&
      !(Number.isInteger(kind.cap) && Number(kind.cap) >= min && Number(kind.cap) <= max)
    )
      add(`${field}.cap`, `must be a whole number from ${min} to ${max}, or null for no cap`);
  }
  return errors;
}

function adminsErrors(
  admins: unknown,
  field: string,
  known: ReadonlySet<string>,
  add: (field: string, message: string) => void,
): void {
  if (!Array.isArray(admins)) return add(field, 'must be a list of admin ids');
  if (admins.length > ASSIGNMENT_LIMITS.admins)
    return add(field, `must hold at most ${ASSIGNMENT_LIMITS.admins} admins`);
  const seen = new Set<string>();
  admins.forEach((id: unknown, i) => {
    if (typeof id !== 'string' || !ADMIN_ID.test(id))
      return add(`${field}.${i}`, 'must be an admin id (24 hexadecimal digits, lower case)');
    if (seen.has(id)) return add(`${field}.${i}`, 'is listed twice');
    seen.add(id);
    if (!known.has(id)) add(`${field}.${i}`, `no admin has the id ${id}`);
  });
}

/** The kinds of a body with no errors, as stored. */
export const validAssignment = (assignment: unknown): Partial<AssignmentSettings> =>
  assignment as Partial<Record<keyof AssignmentSettings, KindAssignment>>;

/** What is wrong with a `PUT /auth/me/availability` body, per field; else the availability. */
export function availabilityOf(
  body: AvailabilityRequest,
  now: Date,
): { availability: Availability } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const instant = (field: 'from' | 'until'): number | null => {
    const value: unknown = body[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || !ISO_INSTANT.test(value) || Number.isNaN(Date.parse(value))) {
      add(field, 'must be a date and time in ISO 8601 with its offset (2026-12-24T00:00:00Z)');
      return null;
    }
    if (!body.away) add(field, 'only with away: true (away: false clears the dates)');
    return Date.parse(value);
  };
  const from = instant('from');
  const until = instant('until');
  if (from !== null && until !== null && until <= from) add('until', 'must be after from');
  if (until !== null && until <= now.getTime()) add('until', 'must be in the future');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    availability: {
      away: body.away,
      from: from === null ? null : new Date(from).toISOString(),
      until: until === null ? null : new Date(until).toISOString(),
    },
  };
}
