import { Injectable } from '@nestjs/common';

import { type LeadKindKey } from '../../contract';
import { dayIdOf, type KeptDay } from '../core/kept-days/kept-day';
import { type EveryKindStamps, KeptDaysStore } from '../core/kept-days/kept-days.store';

const DAY_MS = 86_400_000;
/** Whole days kept in this process (a year of every kind, and some). */
const KEPT_DAYS = 1_600;

/**
 * Reads the kept days a range touches. A day wholly inside the range is read without its slots
 * and kept here under its token (KeptStamps): read again only when a change renewed the token,
 * whichever process wrote it. A range's first and last day are read with their slots, each time.
 * So a call after a change reads one small document per kind and the days that changed.
 */
@Injectable()
export class KeptDaysReader {
  private readonly kept = new Map<string, { token: string; doc: KeptDay }>();

  constructor(private readonly store: KeptDaysStore) {}

  /** Every kind's stamps: read first, so that a day read after is at least as new. */
  stamps(): Promise<EveryKindStamps> {
    return this.store.allStamps();
  }

  /** Each kind's days over `[start, end)`; null for a kind whose days were not counted whole. */
  async range(
    stamps: EveryKindStamps,
    kinds: readonly LeadKindKey[],
    start: Date,
    end: Date,
  ): Promise<Record<LeadKindKey, KeptDay[] | null>> {
    const whole: { id: string; token: string }[] = [];
    const ends: string[] = [];
    const days = new Map<LeadKindKey, string[]>();
    for (const kind of kinds) {
      const stamp = stamps[kind];
      if (!stamp?.built) continue;
      const ids: string[] = [];
      for (let t = Math.floor(start.getTime() / DAY_MS) * DAY_MS; t < end.getTime(); t += DAY_MS) {
        const day = new Date(t).toISOString().slice(0, 10);
        const token = stamp.days?.[day];
        // No token, no document: nothing of that day was ever counted.
        if (!token) continue;
        const id = dayIdOf(kind, day);
        ids.push(id);
        if (t >= start.getTime() && t + DAY_MS <= end.getTime()) whole.push({ id, token });
        else ends.push(id);
      }
      days.set(kind, ids);
    }
    const stale = whole.filter(({ id, token }) => this.kept.get(id)?.token !== token);
    const [read, withSlots] = await Promise.all([
      this.store.read(
        stale.map(({ id }) => id),
        false,
      ),
      this.store.read(ends, true),
    ]);
    // Labelled with the token read before the day: a change after it renews the token again.
    const tokens = new Map(stale.map(({ id, token }) => [id, token]));
    for (const doc of read) this.keep(doc, tokens.get(doc._id) ?? '');
    const found = new Map(
      [...withSlots, ...whole.flatMap(({ id }) => this.doc(id))].map((d) => [d._id, d]),
    );
    return Object.fromEntries(
      kinds.map((kind) => {
        const ids = days.get(kind);
        return [kind, ids ? ids.flatMap((id) => found.get(id) ?? []) : null];
      }),
    ) as Record<LeadKindKey, KeptDay[] | null>;
  }

  private doc(id: string): KeptDay[] {
    const kept = this.kept.get(id);
    return kept ? [kept.doc] : [];
  }

  private keep(doc: KeptDay, token: string): void {
    this.kept.delete(doc._id);
    this.kept.set(doc._id, { token, doc });
    if (this.kept.size > KEPT_DAYS) this.kept.delete(this.kept.keys().next().value as string);
  }
}
