import { type LeadRecord } from '../lead-record';
import { ownerKeyOf } from '../lead-scope';

import { type LeadChange } from './lead-list-cache';

/** A lead's moment and owner (kept totals' key), by the lead's id. */
export type TimesById = Map<string, { at: number; owner: string }>;

/**
 * Moments of some leads (the overdue windows: recent arrivals, waits), read at one version of the
 * totals and brought to the next by the changes this process counts in, as the list heads are
 * (decision 0005): a change takes its leads out, and puts back those that still belong, with
 * their moment (`momentOf`: null for a lead that does not belong). A read in flight, or a version
 * reached otherwise, is dropped: the next count reads again.
 */
export class KeptTimes {
  private kept?: { version: number; times: Promise<TimesById>; settled?: TimesById };

  /** The moments at `version`: kept, or read (labelled with the version read before the read). */
  at(version: number, read: () => Promise<TimesById>): Promise<TimesById> {
    if (this.kept?.version !== version) {
      const kept: { version: number; times: Promise<TimesById>; settled?: TimesById } = {
        version,
        times: read(),
      };
      this.kept = kept;
      kept.times.then(
        (times) => (kept.settled = times),
        () => {
          if (this.kept === kept) this.kept = undefined;
        },
      );
    }
    return this.kept.times;
  }

  apply(
    from: number,
    to: number,
    changes: readonly LeadChange[],
    momentOf: (record: LeadRecord) => number | null,
  ): void {
    const times = this.kept?.settled;
    if (!this.kept || !times || this.kept.version !== from) {
      this.kept = undefined;
      return;
    }
    for (const change of changes) {
      if ('remove' in change) {
        times.delete(change.remove);
        continue;
      }
      const id = change.upsert._id.toHexString();
      const at = momentOf(change.upsert);
      if (at === null) times.delete(id);
      else times.set(id, { at, owner: ownerKeyOf(change.upsert) });
    }
    this.kept.version = to;
  }

  forget(): void {
    this.kept = undefined;
  }
}

/** Moments as read, by id. */
export const timesById = (times: readonly { id: string; at: Date; owner: string }[]): TimesById =>
  new Map(times.map(({ id, at, owner }) => [id, { at: at.getTime(), owner }]));
