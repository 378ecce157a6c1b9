import { Injectable } from '@nestjs/common';

import {
  type BusinessHours,
  type InsightsFigures,
  type InsightsResponse,
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type ResponseTargets,
} from '../../contract';
import { everyKindTotals } from '../core/every-kind-totals';
import { calendarKey } from '../core/kept-days/kept-day';
import { KeptDaysCheckRequests } from '../core/kept-days/kept-days-check-requests';
import { type EveryKindStamps } from '../core/kept-days/kept-days.store';
import { LeadKinds } from '../core/lead-kinds';
import { currentScope } from '../core/lead-scope';
import { type TotalsSnapshot } from '../core/list-view/lead-totals';
import { BusinessHoursService } from '../targets/business-hours';
import { ResponseTargetsService } from '../targets/response-targets';

import { ZonedDays } from './insights-calendar';
import { type KindFacts, type RangeFigures, rangeFigures } from './insights-figures';
import { KeptDaysReader } from './kept-days.reader';
import { keptFigures, type KeptTally, tallyKeptDays } from './kept-figures';

type KindTally = { tally: KeptTally; targetMinutes: number };

/** A range's figures per kind and in total, all but the overdue ones. */
interface RangeAnswer {
  kinds: Record<LeadKindKey, RangeFigures>;
  total: RangeFigures;
}

/** How many ranges a process keeps the figures of (the page's three presets, and a few more). */
const KEPT_RANGES = 16;

/**
 * The insights of a range of days, from each kind's kept days (decision 0046), or from its leads
 * where those can't answer yet. An answer is kept per range, labelled with every kind's totals
 * version and days' generation, the targets and the calendar (decision 0018): any change to a lead
 * bumps its kind's version, so a kept answer is exact until then and costs no read.
 */
@Injectable()
export class InsightsService {
  private readonly kept = new Map<string, Promise<RangeAnswer>>();

  constructor(
    private readonly kinds: LeadKinds,
    private readonly targets: ResponseTargetsService,
    private readonly businessHours: BusinessHoursService,
    private readonly keptDays: KeptDaysReader,
    private readonly keptChecks: KeptDaysCheckRequests,
  ) {}

  async insights(from: string, to: string, tz: string): Promise<InsightsResponse> {
    const [totals, targets, calendar, stamps] = await Promise.all([
      everyKindTotals(this.kinds),
      this.targets.all(),
      this.businessHours.get(),
      this.keptDays.stamps(),
    ]);
    const snapshots = LEAD_KIND_KEYS.map((key) => totals[key]);
    const versions = snapshots.map((s) => s.version);
    // The leads counted are those the admin asking sees: their scope is part of what is kept.
    const scopes = LEAD_KIND_KEYS.map(currentScope);
    // A check that replaced a kind's days moves its stamps' generation on, not its version.
    const generations = LEAD_KIND_KEYS.map((key) => stamps[key]?.generation ?? null);
    const label = JSON.stringify([from, to, tz, versions, generations, targets, calendar, scopes]);
    const [range, overdue] = await Promise.all([
      this.keep(label, () => this.read(new ZonedDays(from, to, tz), targets, calendar, stamps)),
      // Overdue is of now, not of the range: the inbox's figure (decision 0015), never kept here.
      Promise.all(
        LEAD_KIND_KEYS.map((key, i) =>
          this.kinds.of(key).lists.overdue(snapshots[i] as TotalsSnapshot),
        ),
      ),
    ]);
    const kinds = Object.fromEntries(
      LEAD_KIND_KEYS.map((key, i) => [key, { ...range.kinds[key], overdue: overdue[i] ?? 0 }]),
    ) as Record<LeadKindKey, InsightsFigures>;
    const total = { ...range.total, overdue: overdue.reduce((sum, n) => sum + n, 0) };
    return { success: true, from, to, tz, kinds, total };
  }

  /** The kept answer of a label, or a new read (shared by concurrent askers); the oldest goes. */
  private keep(label: string, read: () => Promise<RangeAnswer>): Promise<RangeAnswer> {
    const known = this.kept.get(label);
    if (known) return known;
    const reading = read();
    this.kept.set(label, reading);
    reading.catch(() => this.kept.delete(label));
    if (this.kept.size > KEPT_RANGES) this.kept.delete(this.kept.keys().next().value as string);
    return reading;
  }

  /** The range from the kept days (issue 36); where a kind's can't answer, from the leads. */
  private async read(
    days: ZonedDays,
    targets: ResponseTargets,
    calendar: BusinessHours | null,
    stamps: EveryKindStamps,
  ): Promise<RangeAnswer> {
    const kept = await this.keptDays.range(stamps, LEAD_KIND_KEYS, days.start, days.end);
    const tallies = LEAD_KIND_KEYS.map((key) => {
      const docs = kept[key];
      const tally = docs && tallyKeptDays(docs, days, currentScope(key), calendarKey(calendar));
      // Days not counted whole yet, or under another calendar: counted soon, the leads meanwhile.
      if (!tally) this.keptChecks.request(key);
      return tally ? { tally, targetMinutes: targets[key] } : null;
    });
    if (!tallies.every((tally) => tally !== null)) return this.count(days, targets, calendar);
    const kinds = Object.fromEntries(
      LEAD_KIND_KEYS.map((key, i) => [
        key,
        keptFigures([tallies[i] as KindTally], days, targets[key], Boolean(calendar)),
      ]),
    ) as Record<LeadKindKey, RangeFigures>;
    return { kinds, total: keptFigures(tallies, days, null, Boolean(calendar)) };
  }

  /** Every kind's leads of the range, side by side, then counted. */
  private async count(
    days: ZonedDays,
    targets: ResponseTargets,
    calendar: BusinessHours | null,
  ): Promise<RangeAnswer> {
    const facts = await Promise.all(
      LEAD_KIND_KEYS.map(async (key): Promise<KindFacts> => {
        const arrivals = await this.kinds.of(key).lists.arrivals(days.start, days.end);
        return { facts: arrivals, targetMinutes: targets[key] };
      }),
    );
    const kinds = Object.fromEntries(
      LEAD_KIND_KEYS.map((key, i) => [
        key,
        rangeFigures([facts[i] as KindFacts], days, targets[key], calendar),
      ]),
    ) as Record<LeadKindKey, RangeFigures>;
    return { kinds, total: rangeFigures(facts, days, null, calendar) };
  }
}
