import { ObjectId } from '../../database/object-id';

import { type LeadRecord } from './lead-record';

const START = Date.UTC(2026, 0, 1);

/**
 * A stored lead for unit specs: lead `n` arrived n minutes after a fixed start (so higher is newer)
 * and, if archived, was archived in that same order a day later.
 */
export function leadRecord(n: number, { archived = false, read = false } = {}): LeadRecord {
  const createdAt = new Date(START + n * 60_000);
  return {
    _id: new ObjectId(n.toString(16).padStart(24, '0')),
    name: `Lead ${n}`,
    email: `lead${n}@example.com`,
    phone_number: '',
    createdAt,
    updatedAt: createdAt,
    archivedAt: archived ? new Date(START + 86_400_000 + n * 60_000) : null,
    readAt: read ? createdAt : null,
  };
}
