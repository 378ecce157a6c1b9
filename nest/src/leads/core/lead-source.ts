import { LEAD_SOURCE_FIELDS, type LeadSource } from '../../contract';

/** A lead's source as stored: the contract's fields, with the visit's start as a date. */
export type StoredLeadSource = Omit<LeadSource, 'startedAt'> & { startedAt?: Date };

/** What the intake stores of a validated source; nothing when it names no field. */
export function storedSource(source: LeadSource | undefined): StoredLeadSource | undefined {
  if (!source) return undefined;
  const { startedAt, ...texts } = source;
  const stored: StoredLeadSource = {
    ...texts,
    ...(startedAt === undefined ? {} : { startedAt: new Date(startedAt) }),
  };
  return Object.keys(stored).length > 0 ? stored : undefined;
}

/** A stored source as the contract answers it (ISO start), or null for a lead without one. */
export function sourceOf(stored: StoredLeadSource | null | undefined): LeadSource | null {
  if (!stored) return null;
  const source: LeadSource = {};
  for (const field of LEAD_SOURCE_FIELDS) {
    const value: unknown = stored[field];
    if (value instanceof Date) source[field] = value.toISOString();
    else if (typeof value === 'string') source[field] = value;
  }
  return Object.keys(source).length > 0 ? source : null;
}
