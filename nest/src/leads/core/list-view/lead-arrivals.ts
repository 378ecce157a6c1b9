import { type LeadSource, type LeadStage } from '../../../contract';
import { type ObjectId } from '../../../database/object-id';
import { type LeadRecord } from '../lead-record';

/** What insights read of a stored lead (and nothing else: no personal data). */
export interface LeadFact {
  createdAt: Date;
  /** Absent on leads stored before stages: `new`. */
  stage?: LeadStage | null;
  firstResponseAt?: Date | null;
  source?: Pick<LeadSource, 'utm_source' | 'referrer'> | null;
  /** Its owner, for an admin who sees only some owners' leads (absent: nobody's). */
  assigneeId?: ObjectId | null;
}

/** A lead's facts as read, with its id (what a change names it by). */
export type StoredArrival = LeadFact & { _id: ObjectId };

/** A stored lead as a change carries it: with the fields of the spam check and the source. */
type ChangedLead = LeadRecord & { spamAt?: Date | null; source?: LeadFact['source'] };

/** The facts of a lead, or null for one that never counts (spam). */
export function factOf(record: ChangedLead): LeadFact | null {
  if (record.spamAt) return null;
  return {
    createdAt: record.createdAt,
    stage: record.stage ?? null,
    firstResponseAt: record.firstResponseAt ?? null,
    assigneeId: record.assigneeId ?? null,
    source: record.source
      ? { utm_source: record.source.utm_source, referrer: record.source.referrer }
      : null,
  };
}
