import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';

import { AppConfig } from '../config/app-config';
import { type LeadKindKey } from '../contract';

import { Assigner } from './assigner';
import { activeKinds } from './assignment.store';

/**
 * Looks again, at start and every ASSIGNMENT_SWEEP_INTERVAL, at the leads a rule left waiting: a
 * round gives them owners, oldest first, once someone is back from away (also a holiday's `until`
 * passing) or below their cap. A round finds no reason to read those unless some lead waits and
 * someone has room. It also finds the leads the intake stored for a round that never came (their
 * process stopped first: decision 0041): one read of the kind's leads by their mark (on FerretDB
 * 1.x a scan) per kind whose rule is on, then two small reads by `_id`.
 */
@Injectable()
export class AssignmentSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Assignment');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly assigner: Assigner,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.now(), this.config.assignmentSweepSeconds * 1000);
    this.timer.unref();
    // What a process that stopped left for a round (this one's own last run, maybe).
    void this.now();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Sweeps every kind whose rule is on (also right after an admin says they are back). */
  async now(): Promise<void> {
    try {
      const kinds = activeKinds(await this.assigner.rules.get());
      // A lead marked for a round longer than an interval ago was left by a process that stopped
      // (its own round comes within milliseconds): found within two intervals.
      const leftBefore = new Date(Date.now() - this.config.assignmentSweepSeconds * 1000);
      await Promise.all(kinds.map((kind) => this.sweep(kind, leftBefore)));
    } catch (error) {
      this.logger.warn({ err: error }, 'sweep not started: the rules could not be read');
    }
  }

  private sweep(kind: LeadKindKey, leftBefore: Date): Promise<void> {
    return this.assigner
      .sweep(kind, leftBefore)
      .catch((error: unknown) => this.logger.warn({ err: error, kind }, 'sweep failed'));
  }
}
