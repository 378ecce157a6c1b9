import {
  ASSIGNMENT_RULES,
  type AssignmentRule,
  type KindAssignment,
  LEAD_KIND_KEYS,
  type LeadKindKey,
} from '@contract';

/**
 * The Settings page's automatic assignment form: its field names, the rules it posts (every kind,
 * each whole), and the API's refusals (`assignment.keDemo.cap`) said beside the kind they are about.
 */
export const ASSIGNMENT_INTENT = 'assignment';

export const AS_FIELDS = {
  rule: (kind: LeadKindKey) => `as-${kind}-rule`,
  admins: (kind: LeadKindKey) => `as-${kind}-admins`,
  cap: (kind: LeadKindKey) => `as-${kind}-cap`,
} as const;

export const RULE_NAMES: Record<AssignmentRule, string> = {
  off: 'Off: nobody is chosen',
  'round-robin': 'Round-robin: each in turn',
  'least-open': 'Least open: whoever has the fewest open requests',
};

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value.trim() : '');

/** Every kind's rule as posted; a cap left blank is no cap, anything else goes to the API as typed. */
export function assignmentFromForm(form: FormData): Record<LeadKindKey, KindAssignment> {
  return Object.fromEntries(
    LEAD_KIND_KEYS.map((kind) => {
      const rule = text(form.get(AS_FIELDS.rule(kind)));
      const cap = text(form.get(AS_FIELDS.cap(kind)));
      return [
        kind,
        {
          rule: (ASSIGNMENT_RULES as readonly string[]).includes(rule)
            ? (rule as AssignmentRule)
            : 'off',
          admins: form.getAll(AS_FIELDS.admins(kind)).map(text).filter(Boolean),
          cap: cap === '' ? null : Number(cap),
        },
      ];
    }),
  ) as Record<LeadKindKey, KindAssignment>;
}

/** The API's refusals by kind: one message each, the first said of it. */
export function assignmentErrorsByKind(
  errors: Record<string, string[]> | undefined,
): Partial<Record<LeadKindKey, string>> {
  const byKind: Partial<Record<LeadKindKey, string>> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const [, kind, part] = field.split('.');
    if (!kind || !(LEAD_KIND_KEYS as readonly string[]).includes(kind)) continue;
    const where = part === 'cap' ? 'Cap' : part === 'admins' ? 'Admins' : 'Rule';
    byKind[kind as LeadKindKey] ??= `${where}: ${messages[0] ?? 'not valid'}`;
  }
  return byKind;
}
