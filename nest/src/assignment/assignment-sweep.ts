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
 * Looks again, every ASSIGNMENT_SWEEP_INTERVAL, at the leads a rule left waiting: a round gives
 * them owners, oldest first, once someone is back from away (also a holiday's `until` passing) or
 * below their cap. A round finds no reason to read the leads unless some lead waits and someone
 * has room, so an idle sweep costs two small reads by `_id` per kind whose rule is on.
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
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Sweeps every kind whose rule is on (also right after an admin says they are back). */
  async now(): Promise<void> {
    try {
      const kinds = activeKinds(await this.assigner.rules.get());
      await Promise.all(kinds.map((kind) => this.sweep(kind)));
    } catch (error) {
      this.logger.warn({ err: error }, 'sweep not started: the rules could not be read');
    }
  }

  private sweep(kind: LeadKindKey): Promise<void> {
    return this.assigner
      .sweep(kind)
      .catch((error: unknown) => this.logger.warn({ err: error, kind }, 'sweep failed'));
  }
}
