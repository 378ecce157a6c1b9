import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Model } from 'mongoose';

import { AppConfig } from '../config/app-config';

import { ExpiredDocuments } from './expired-documents';

/**
 * A store of documents that mean nothing after their `expiresAt` (sessions, signed-out tokens,
 * second-factor challenges, used intake proofs): what each of them needs besides its own reads
 * and writes. At start-up the TTL index is built where the server allows one (with auto-index on,
 * as `npm run db:indexes` runs), and a sweep every `sweepEveryMs` removes expired documents where
 * it does not (ExpiredDocuments); at shutdown the sweep stops. Reads must still ignore expired
 * documents: both ways remove them late.
 */
export abstract class ExpiringStore<T extends { expiresAt: Date }>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly expired: ExpiredDocuments<T>;
  private readonly buildIndex: boolean;

  protected constructor(
    protected readonly model: Model<T>,
    config: AppConfig,
    sweepEveryMs: number,
  ) {
    this.buildIndex = config.database.autoIndex;
    this.expired = new ExpiredDocuments(
      model,
      'expiresAt',
      sweepEveryMs,
      new Logger(new.target.name),
    );
  }

  /** Removes the documents expired by `now`; returns how many. */
  sweep(now = new Date()): Promise<number> {
    return this.expired.sweep(now);
  }

  onApplicationBootstrap(): Promise<void> {
    return this.expired.start(this.buildIndex);
  }

  onApplicationShutdown(): void {
    this.expired.stop();
  }
}
