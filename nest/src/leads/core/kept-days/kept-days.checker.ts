import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';

import { BackgroundTimers } from '../../../common/background-timers';
import { AppConfig } from '../../../config/app-config';
import { type LeadKindKey } from '../../../contract';
import { BusinessHoursService } from '../../targets/business-hours';
import { LeadCoreKinds } from '../lead-kinds';

import { dayIdOf, KeptDaysCount, type KeptDay } from './kept-day';
import { KeptDaysCheckRequests } from './kept-days-check-requests';
import { KeptDaysStore, type KeptStamps, replaceKeptDays } from './kept-days.store';

/** How long a replaced kind must stay without a change before its days are answered from. */
const QUIET_MS = 1_000;
/** How soon a kind is counted again after a count that a change came between. */
const RETRY_MS = 5_000;

/** A value with its keys in order and its zero counts left out: two days compare as text. */
function canonical(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.keys(value)
    .sort()
    .map((key) => [key, canonical((value as Record<string, unknown>)[key])] as const)
    .filter(([, v]) => v !== 0 && !(typeof v === 'object' && v && Object.keys(v).length === 0));
  return Object.fromEntries(entries);
}

/** Whether the stored days equal the counted ones, leaving out the days named in `unsure`. */
function sameDays(
  stored: readonly KeptDay[],
  counted: ReadonlyMap<string, KeptDay>,
  unsure: ReadonlySet<string> = new Set(),
): boolean {
  const sure = (days: Iterable<readonly [string, KeptDay]>) =>
    JSON.stringify(canonical(Object.fromEntries([...days].filter(([id]) => !unsure.has(id)))));
  return sure(stored.map((d) => [d._id, d] as const)) === sure(counted);
}

/**
 * The days of a kind that a change wrote to between two reads of its stamps (each change renews
 * its days' tokens after writing them): a count made between the reads may be off on those only.
 */
function daysChanged(kind: LeadKindKey, before?: KeptStamps, after?: KeptStamps): Set<string> {
  const [a, b] = [before?.days ?? {}, after?.days ?? {}];
  const days = new Set([...Object.keys(a), ...Object.keys(b)]);
  return new Set([...days].filter((day) => a[day] !== b[day]).map((day) => dayIdOf(kind, day)));
}

/** Whether a count found the kind's trusted days right less than `ms` ago. */
const checkedWithin = (stamp: KeptStamps | undefined, ms: number): boolean =>
  Boolean(stamp?.built && stamp.checkedAt && Date.now() - stamp.checkedAt.getTime() < ms);

/**
 * Counts each kind's leads into days and compares them with the kept ones: at start, every
 * TOTALS_CHECK_INTERVAL, and soon after a write that missed them or an insights call that could
 * not answer from them (another calendar). Days that differ are replaced; they are answered from
 * once no change of the kind came between the count and the replacement (its totals' version,
 * which each change moves after its days, stayed the same), else counted again.
 */
@Injectable()
export class KeptDaysChecker
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('KeptDays');
  private readonly running = new Map<LeadKindKey, Promise<void>>();
  private readonly timers = new BackgroundTimers();
  /** Counts in a row that a change came between, per kind. */
  private readonly tries = new Map<LeadKindKey, number>();

  constructor(
    private readonly kinds: LeadCoreKinds,
    private readonly store: KeptDaysStore,
    private readonly requests: KeptDaysCheckRequests,
    private readonly businessHours: BusinessHoursService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.requests.listen((kind) => this.timers.after(RETRY_MS, () => void this.check(kind)));
  }

  onApplicationBootstrap(): void {
    this.timers.after(0, () => void this.checkEachKind());
    this.timers.every(
      this.config.totalsCheckIntervalSeconds * 1000,
      () => void this.checkEachKind(),
    );
  }

  onApplicationShutdown(): void {
    this.timers.stop();
  }

  /** Counts until the kind's days are exact (for tests and operators). */
  async settle(kind: LeadKindKey): Promise<void> {
    while (!(await this.check(kind))) await new Promise((r) => setTimeout(r, RETRY_MS / 10));
  }

  /**
   * The kinds one after another (each count reads a whole kind), but not one that a count found
   * right within the interval: another API process, or the seeder that just wrote it. So N
   * processes, or a restart, do not each read every lead; a kind is counted at most twice the
   * interval apart while any process runs.
   */
  private async checkEachKind(): Promise<void> {
    const stamps = await this.store.allStamps();
    const interval = this.config.totalsCheckIntervalSeconds * 1000;
    for (const { kind } of this.kinds.all)
      if (!this.timers.stopped && !checkedWithin(stamps[kind.key], interval))
        await this.check(kind.key);
  }

  /** One count of a kind at a time; true when its days are exact and answered from. */
  private check(kind: LeadKindKey): Promise<boolean> {
    const running = this.running.get(kind);
    if (running) return running.then(() => this.check(kind));
    let exact = false;
    const counting = this.checkOnce(kind)
      .then((done) => {
        exact = done;
        // Changes kept coming between count and replacement: again later, less often each time
        // (each count reads the whole kind), at most as seldom as the periodic check.
        const tries = done ? 0 : (this.tries.get(kind) ?? 0) + 1;
        this.tries.set(kind, tries);
        const interval = this.config.totalsCheckIntervalSeconds * 1000;
        if (!done)
          this.timers.after(
            Math.min(RETRY_MS * 2 ** (tries - 1), interval),
            () => void this.check(kind),
          );
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, kind }, 'could not check the kept insights days'),
      )
      .finally(() => this.running.delete(kind));
    this.running.set(kind, counting);
    return counting.then(() => exact);
  }

  private async checkOnce(kind: LeadKindKey): Promise<boolean> {
    const { view, repository } = this.kinds.of(kind);
    const version = (await view.totals()).version;
    const before = (await this.store.allStamps())[kind];
    const count = new KeptDaysCount(kind, await this.businessHours.get());
    for await (const fact of repository.eachArrival()) count.add(fact);
    const stored = await this.store.readKind(kind);
    const after = (await this.store.allStamps())[kind];
    const built = after?.built ?? false;
    // Trusted days that no change wrote to during the count are compared; the others were being
    // kept by those changes, and wait for the next check. Under steady writes (a large inbox
    // counts for tens of seconds) a check so ends, instead of counting again and again.
    if (built && sameDays(stored, count.days, daysChanged(kind, before, after))) {
      await this.store.checked(kind);
      return true;
    }
    if ((await view.totals()).version !== version) return false;
    await replaceKeptDays(this.store.db, kind, count.days, false);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    if ((await view.totals()).version !== version) return false;
    await this.store.trust(kind);
    if (built)
      this.logger.warn({ kind }, 'kept insights days had drifted from the stored leads; corrected');
    return true;
  }
}
