import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

import { type LeadKindKey } from '../../contract';
import { type LeadKindParts } from '../core/lead-kinds';

import { type LeadMergeSteps } from './lead-merge-steps';
import { type MergeRecords } from './store/merge-records.store';

/** A merge untouched for this long midway was left by a process that died. */
export const MERGE_LEFT_AFTER_MS = 30_000;
/** How often each process looks for merges left midway. */
const CHECK_EVERY_MS = 60_000;

const logger = new Logger('LeadMergeCheck');

/**
 * Finishes the merges and unmerges a process left midway (decision 0034): at start, then every
 * minute. A merge left `merging` is done to the end (it was acknowledged or about to be); one left
 * `unmerging` is taken back to the end. Each is taken over first, so two processes never run one.
 */
export class MergeCheck implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly records: Pick<MergeRecords, 'leftMidway' | 'take'>,
    private readonly steps: Pick<LeadMergeSteps, 'merge' | 'unmerge'>,
    private readonly kinds: (key: LeadKindKey) => Pick<LeadKindParts, 'writes'>,
  ) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * Finishes every merge left since before `now - MERGE_LEFT_AFTER_MS` (at start: all of them,
   * this being the first process up after a crash or any other); answers how many.
   */
  run(now = new Date()): Promise<number> {
    this.running ??= this.finishAll(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async finishAll(now: Date): Promise<number> {
    let finished = 0;
    try {
      const left = await this.records.leftMidway(new Date(now.getTime() - MERGE_LEFT_AFTER_MS));
      for (const record of left) {
        if (!(await this.records.take(record, record.state))) continue;
        const { writes } = this.kinds(record.kind);
        await writes.run(() =>
          record.state === 'merging' ? this.steps.merge(record) : this.steps.unmerge(record, null),
        );
        finished++;
        logger.log(`finished merge ${record._id.toHexString()} (${record.state})`);
      }
    } catch (error) {
      logger.warn({ err: error }, 'merges left midway not finished; tried again in a minute');
    }
    return finished;
  }
}
