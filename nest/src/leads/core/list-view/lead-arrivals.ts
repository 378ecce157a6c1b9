import { type LeadSource, type LeadStage } from '../../../contract';
import { type ObjectId } from '../../../database/object-id';
import { type LeadRecord } from '../lead-record';

import { type LeadChange } from './lead-list-cache';

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

/**
 * Every arrival of one kind (spam left out), kept in this process for one version of the kind's
 * totals, for an engine that reads a whole collection whatever the filter (decision 0018): read
 * once, then brought from one version to the next by the changes this process counts in, as the
 * list heads are (decision 0005). A version reached otherwise (another process, a recount, a
 * correction) reads them all again.
 */
export class KeptArrivals {
  private kept?: { version: number; facts: Map<string, LeadFact> };
  private reading?: { version: number; facts: Promise<Map<string, LeadFact>> };

  /** The facts at `version`: kept, or read (labelled with the version read before the read). */
  async at(version: number, read: () => Promise<StoredArrival[]>): Promise<LeadFact[]> {
    if (this.kept?.version === version) return [...this.kept.facts.values()];
    if (this.reading?.version !== version) {
      const facts = read().then(
        (arrivals) =>
          new Map(arrivals.map(({ _id, ...fact }) => [_id.toHexString(), fact] as const)),
      );
      const reading = { version, facts };
      this.reading = reading;
      const done = () => {
        if (this.reading === reading) this.reading = undefined;
      };
      facts.then(
        (read) => {
          // A change counted in meanwhile moved the version on: this read is of no use to keep.
          if (this.reading === reading && (this.kept?.version ?? -1) < version)
            this.kept = { version, facts: read };
          done();
        },
        // The caller is told; the next call reads again.
        done,
      );
    }
    return [...(await this.reading.facts).values()];
  }

  /**
   * Brings the kept facts from `from` to `to` with this process's changes. A read labelled
   * `from` may already hold them (stored before counted in): setting and deleting by id is the
   * same done twice.
   */
  apply(from: number, to: number, changes: readonly LeadChange[]): void {
    if (this.kept?.version !== from) {
      this.kept = undefined;
      return;
    }
    for (const change of changes) {
      if ('remove' in change) {
        this.kept.facts.delete(change.remove);
        continue;
      }
      const id = change.upsert._id.toHexString();
      const fact = factOf(change.upsert);
      if (fact) this.kept.facts.set(id, fact);
      else this.kept.facts.delete(id);
    }
    this.kept.version = to;
  }

  forget(): void {
    this.kept = undefined;
    this.reading = undefined;
  }
}
