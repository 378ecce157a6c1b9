import { type Types } from 'mongoose';

import {
  type Lead,
  type LeadKind,
  type LeadKindKey,
  leadFields,
  type LeadStage,
} from '../../contract';

/** A stored lead as the driver returns it: the shared paths plus the kind's own string fields. */
export interface LeadRecord {
  _id: Types.ObjectId;
  name: string;
  email: string;
  phone_number: string;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  /** Search words (lead-words.ts), in the engine's form; absent until given (intake, start-up). */
  words?: string[];
  wordText?: string;
  /** Absent on leads stored before read marks existed: unread. */
  readAt?: Date | null;
  /** Absent on leads stored before stages existed: `new` (stageOf()). */
  stage?: LeadStage;
  [field: string]: unknown;
}

/** A lead's stage: one stored before stages existed is `new`, as it was when it arrived. */
export const stageOf = (record: LeadRecord): LeadStage => record.stage ?? 'new';

/**
 * The one conversion from a stored document to the contract's Lead (ISO dates, hex id, the kind's
 * fields as text). The service's answers and the notification worker's payloads both come from here.
 */
export function toLead<K extends LeadKindKey>(kind: LeadKind<K>, record: LeadRecord): Lead<K> {
  const fields = Object.fromEntries(
    leadFields(kind).map((f) => [f, typeof record[f] === 'string' ? record[f] : '']),
  );
  // The kind's fields are known only at run time (from its descriptor): the one cast of a record.
  return {
    ...fields,
    _id: record._id.toHexString(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    archivedAt: record.archivedAt ? record.archivedAt.toISOString() : null,
    readAt: record.readAt ? record.readAt.toISOString() : null,
    stage: stageOf(record),
  } as Lead<K>;
}
