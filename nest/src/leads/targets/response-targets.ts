import { Injectable } from '@nestjs/common';

import {
  type BusinessHours,
  type LeadKindKey,
  type ResponseTargets,
  type ResponseTargetsRequest,
} from '../../contract';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { BusinessHoursService } from './business-hours';
import { ResponseTargetsStore } from './response-targets.store';

/**
 * How long a process answers from the targets it read last. Several API processes share the
 * settings document: a change made through another one shows here within this time, while every
 * lead answer in between costs no read.
 */
export const TARGETS_CACHE_MS = 1_000;

/** Each kind's response target, as lead answers and the overdue totals read it. */
@Injectable()
export class ResponseTargetsService {
  private cached?: { targets: ResponseTargets; until: number };
  private reading?: Promise<ResponseTargets>;

  constructor(
    private readonly store: ResponseTargetsStore,
    private readonly notifier: LeadNotifier,
    private readonly businessHours: BusinessHoursService,
  ) {}

  /** Every kind's target in minutes (read at most once per TARGETS_CACHE_MS; readers share it). */
  async all(): Promise<ResponseTargets> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.targets;
    this.reading ??= this.store
      .read()
      .then((targets) => this.keep(targets))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  async set(changes: ResponseTargetsRequest): Promise<ResponseTargets> {
    const targets = this.keep(await this.store.write(changes));
    // Waiting leads' overdue alerts follow the new targets (never throws).
    await this.notifier.dueTimesChanged(Object.keys(changes) as LeadKindKey[]);
    return targets;
  }

  /**
   * What a kind's leads' due times are read against, now (the lead core's DueClock): its target,
   * counted in the team calendar's hours (none: every hour).
   */
  async clock(
    kind: LeadKindKey,
  ): Promise<{ targetMinutes: number; calendar: BusinessHours | null; now: Date }> {
    const [targets, calendar] = await Promise.all([this.all(), this.businessHours.get()]);
    return { targetMinutes: targets[kind], calendar, now: new Date() };
  }

  private keep(targets: ResponseTargets): ResponseTargets {
    this.cached = { targets, until: Date.now() + TARGETS_CACHE_MS };
    return targets;
  }
}
