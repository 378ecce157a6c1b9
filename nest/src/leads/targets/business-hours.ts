import { Injectable } from '@nestjs/common';

import { KeptReading } from '../../common/kept-reading';
import { type BusinessHours, LEAD_KIND_KEYS } from '../../contract';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { BusinessHoursStore } from './business-hours.store';

/** How long a process answers from the calendar it read last (as the response targets do). */
export const BUSINESS_HOURS_CACHE_MS = 1_000;

/**
 * The team calendar that response targets count in (issue 35), as lead answers, the overdue
 * totals and the chat alerts read it: read by `_id` at most once per BUSINESS_HOURS_CACHE_MS, as the
 * targets are, so a change through another API process shows here within that time.
 */
@Injectable()
export class BusinessHoursService {
  private readonly kept: KeptReading<BusinessHours | null>;
  /** The calendar handed out last, and its text: an unchanged re-read hands out the same object. */
  private last: { calendar: BusinessHours | null; text: string } = { calendar: null, text: 'null' };

  constructor(
    private readonly store: BusinessHoursStore,
    private readonly notifier: LeadNotifier,
  ) {
    this.kept = new KeptReading(
      async () => this.same(await this.store.read()),
      BUSINESS_HOURS_CACHE_MS,
    );
  }

  /** The calendar, or null for 24/7 (the default). */
  get(): Promise<BusinessHours | null> {
    return this.kept.get();
  }

  async set(calendar: BusinessHours | null): Promise<BusinessHours | null> {
    const kept = this.kept.keep(this.same(await this.store.write(calendar)));
    // Every kind's due times moved: the waiting leads' overdue alerts follow (never throws).
    await this.notifier.dueTimesChanged(LEAD_KIND_KEYS);
    return kept;
  }

  /**
   * The object handed out stays the same while the calendar does: its compiled days are kept per
   * object (compiledCalendar), and the overdue totals re-read their window only when it changes.
   */
  private same(calendar: BusinessHours | null): BusinessHours | null {
    const text = JSON.stringify(calendar);
    if (text !== this.last.text) this.last = { calendar, text };
    return this.last.calendar;
  }
}
