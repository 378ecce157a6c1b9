import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';

import { AuditService } from '../../audit/audit.service';
import { asSystem } from '../../common/lead-viewer.context';
import { AppConfig } from '../../config/app-config';
import { LEAD_KIND_KEYS, type LeadKindKey, type RetentionPolicyResponse } from '../../contract';
import { type LeadCondition } from '../core/lead-condition';
import { LeadKinds } from '../core/lead-kinds';

import { RetentionRuns } from './retention-runs.store';

const DAY_MS = 86_400_000;
/**
 * How often a process looks whether today's run is done (the day's first look claims it), and when
 * the first look is: an hour after start, so a start is never slowed by it and a short-lived
 * process (a test run, a restart loop) writes no run into the audit log mid-way.
 */
const CHECK_EVERY_MS = 60 * 60_000;
/** Leads read and deleted at a time: a run never holds a whole list in memory. */
const BATCH = 200;

/** What one run deleted, by kind and list. */
export interface RetentionCounts {
  archived: Record<LeadKindKey, number>;
  spam: Record<LeadKindKey, number>;
}

/**
 * Deletes what is kept no longer: archived leads RETENTION_ARCHIVED_DAYS after they were archived
 * (unset: never), and spam SPAM_RETENTION_DAYS after it went to Spam, each with everything attached
 * (LeadPrivacy.expire, the erasure's path). Once a day across all API processes: the first to
 * insert the day's run document runs it. Each run reads afresh what is past its time, so one
 * interrupted midway is finished by the next; nothing younger than the limit is read at all.
 */
@Injectable()
export class LeadRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly kinds: LeadKinds,
    private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly runs: RetentionRuns,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(CHECK_EVERY_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** The policy in force, and the last run that finished. */
  async policy(): Promise<RetentionPolicyResponse> {
    const last = await this.runs.last();
    const { archivedDays, spamDays } = this.config.retention;
    return {
      success: true,
      archivedDays: Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, archivedDays])) as Record<
        LeadKindKey,
        number | null
      >,
      spamDays,
      lastRun: last?.finishedAt
        ? { at: last.finishedAt.toISOString(), deleted: last.deleted }
        : null,
    };
  }

  /**
   * Runs the day of `now` unless a process has claimed it already; answers the counts, or null if
   * another had. `now` is the run's clock: everything is measured from it.
   */
  async runDay(now = new Date()): Promise<RetentionCounts | null> {
    const day = now.toISOString().slice(0, 10);
    if (!(await this.runs.claim(day, now))) return null;
    const counts = await this.run(now);
    await this.runs.finish(day, now, total(counts.archived) + total(counts.spam));
    return counts;
  }

  /**
   * Deletes everything past its time at `now` and records the run in the audit log with its
   * counts. `limit` stops it after that many leads per kind and list (as an interruption would).
   */
  async run(now = new Date(), limit = Number.POSITIVE_INFINITY): Promise<RetentionCounts> {
    const { archivedDays, spamDays } = this.config.retention;
    const counts: RetentionCounts = { archived: zeros(), spam: zeros() };
    for (const { kind, people } of this.kinds.all) {
      if (archivedDays !== null) {
        const past = pastRetention('archived', now, archivedDays);
        counts.archived[kind.key] = await drain((n) => people.expire(past, n, now), limit);
      }
      const past = pastRetention('spam', now, spamDays);
      counts.spam[kind.key] = await drain((n) => people.expire(past, n, now), limit);
    }
    await this.audit.recordJob({
      action: 'retention',
      detail: {
        archived: total(counts.archived),
        spam: total(counts.spam),
        ...Object.fromEntries(
          LEAD_KIND_KEYS.map((key) => [key, counts.archived[key] + counts.spam[key]]),
        ),
        archivedDays: archivedDays ?? 'never',
        spamDays,
      },
    });
    this.logger.log(
      { archived: total(counts.archived), spam: total(counts.spam) },
      'retention run finished',
    );
    return counts;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = asSystem(() => this.runDay())
        .catch((error: unknown) => this.logger.warn({ err: error }, 'retention run failed'))
        .finally(() => {
          if (this.timer) this.schedule(CHECK_EVERY_MS);
        });
    }, delayMs);
    this.timer.unref();
  }
}

/** In `list` since more than `days` before `now`: past its retention. */
const pastRetention = (list: 'archived' | 'spam', now: Date, days: number): LeadCondition => ({
  list,
  enteredBefore: new Date(now.getTime() - days * DAY_MS),
});

/** Deletes in batches until a batch comes back short or `limit` is reached; answers how many. */
async function drain(expire: (batch: number) => Promise<number>, limit: number): Promise<number> {
  let deleted = 0;
  while (deleted < limit) {
    const batch = Math.min(BATCH, limit - deleted);
    const n = await expire(batch);
    deleted += n;
    if (n < batch) break;
  }
  return deleted;
}

const zeros = () =>
  Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, 0])) as Record<LeadKindKey, number>;

const total = (byKind: Record<LeadKindKey, number>) =>
  Object.values(byKind).reduce((sum, n) => sum + n, 0);
