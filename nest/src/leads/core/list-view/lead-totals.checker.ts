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
import { LeadCoreKinds, type LeadKindParts } from '../lead-kinds';

import { type CountedTotals, sameCounted } from './lead-totals';
import { TotalsCheckRequests } from './totals-check-requests';

/** How long a difference must stay the same, at the same version, before it is corrected. */
const CONFIRM_MS = 1_000;

interface Suspect {
  version: number;
  counted: CountedTotals;
}

/**
 * Checks the kept totals against a count: at start, every TOTALS_CHECK_INTERVAL, and soon after a
 * write that may have left them behind. A difference seen twice at the same version is no write in
 * flight but a real drift (a crash between a lead's write and its totals' write, or writes of
 * several processes on an engine without isolated updates): it is corrected and logged.
 */
@Injectable()
export class LeadTotalsChecker
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('LeadTotals');
  private readonly suspects = new Map<LeadKindKey, Suspect>();
  private readonly timers = new BackgroundTimers();
  private readonly running = new Map<LeadKindKey, Promise<void>>();
  private readonly outgrown = new Set<LeadKindKey>();

  constructor(
    private readonly kinds: LeadCoreKinds,
    private readonly config: AppConfig,
    private readonly requests: TotalsCheckRequests,
  ) {}

  onModuleInit(): void {
    this.requests.listen((kind) => this.requestCheck(kind));
  }

  onApplicationBootstrap(): void {
    this.timers.after(0, () => void this.checkEachKind());
    const every = this.config.totalsCheckIntervalSeconds * 1000;
    this.timers.every(every, () => void this.checkEachKind());
  }

  onApplicationShutdown(): void {
    this.timers.stop();
  }

  /** A write may have left `kind`'s totals behind: check them soon. */
  requestCheck(kind: LeadKindKey): void {
    this.later(kind, CONFIRM_MS);
  }

  /** Checks until the kind's totals are exact, corrected, or busy (for tests and operators). */
  async settle(kind: LeadKindKey): Promise<void> {
    await this.check(kind);
    while (this.suspects.has(kind)) {
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_MS));
      await this.check(kind);
    }
  }

  /**
   * The kinds one after another, never all at once: each check is a grouped read of its whole
   * kind, and four at a time on two cores held the first pages after a start at up to 920 ms at
   * 100,000 leads per kind on an indexed engine (decision 0045); one at a time leaves a core to the
   * requests.
   */
  private async checkEachKind(): Promise<void> {
    for (const { kind } of this.kinds.all) {
      if (this.timers.stopped) return;
      await this.check(kind.key);
    }
  }

  private later(kind: LeadKindKey, delayMs: number): void {
    this.timers.after(delayMs, () => void this.check(kind));
  }

  /** One check of a kind at a time; a check already running answers for this one too. */
  private check(kind: LeadKindKey): Promise<void> {
    let running = this.running.get(kind);
    if (!running) {
      running = this.checkOnce(this.kinds.of(kind))
        .catch((error: unknown) =>
          this.logger.warn({ err: error, kind }, 'could not check the kept lead totals'),
        )
        .finally(() => this.running.delete(kind));
      this.running.set(kind, running);
    }
    return running;
  }

  private async checkOnce(parts: LeadKindParts): Promise<void> {
    const kind = parts.kind.key;
    const result = await parts.view.check();
    if (result.outcome !== 'differs') {
      this.suspects.delete(kind);
      if (result.outcome === 'exact') await this.warnIfOutgrown(parts);
      return;
    }
    const seen = this.suspects.get(kind);
    const same = seen?.version === result.version && sameCounted(seen.counted, result.counted);
    if (!same) {
      this.suspects.set(kind, { version: result.version, counted: result.counted });
      this.later(kind, CONFIRM_MS);
      return;
    }
    this.suspects.delete(kind);
    if (await parts.view.correct(result.version, result.counted))
      this.logger.warn(
        { kind, stored: result.stored, counted: result.counted },
        'kept lead totals had drifted from the stored leads; corrected',
      );
  }

  private async warnIfOutgrown({
    kind: { key: kind, panelTitle },
    view,
    repository,
  }: LeadKindParts): Promise<void> {
    if (this.outgrown.has(kind)) return;
    const totals = await view.totals();
    const leads = totals.active + totals.archived;
    const limit = await repository.inboxLimit().catch(() => null);
    if (!limit || leads <= limit.leads) return;
    this.outgrown.add(kind);
    this.logger.warn(
      `The ${panelTitle} inbox holds ${leads} leads: more than ${limit.engine} (the embedded database) serves within the inbox's latency targets. Set MONGODB_URI to a MongoDB replica set or Atlas (or FerretDB 2 on PostgreSQL with DocumentDB) to go beyond; see the README.`,
    );
  }
}
