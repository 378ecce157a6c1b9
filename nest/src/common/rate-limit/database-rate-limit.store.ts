import {
  type FactoryProvider,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { ExpiredDocuments } from '../../database/expired-documents';

import { RateLimitWindow } from './rate-limit-window.schema';
import { MemoryRateLimitStore, type RateLimitState, RateLimitStore } from './rate-limit.store';

const SWEEP_INTERVAL_MS = 60_000;
/** Rounds of "another process changed the window first" before giving up (never seen past 2). */
const MAX_ROUNDS = 5;

/**
 * Fixed-window counters in the database, so every API process on it counts against one limit
 * (decision 0012). A window starts at its first hit, as in the memory store. Each step is a single
 * atomic write on MongoDB: `$inc` on a live window, else insert a new one (the `_id` is the key, so
 * only one process's insert can win), else replace an expired one conditionally. Expiry is the
 * store's own: reads ignore ended windows, a TTL index removes them on MongoDB and a sweep does on
 * servers without TTL indexes (FerretDB 1.x).
 */
export class DatabaseRateLimitStore
  extends RateLimitStore
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  /** This process's pending increment per key: FerretDB 1.x loses concurrent `$inc`s of one document. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly ended: ExpiredDocuments<RateLimitWindow>;

  constructor(
    private readonly windows: Model<RateLimitWindow>,
    private readonly buildIndexes: boolean,
  ) {
    super();
    this.ended = new ExpiredDocuments(
      windows,
      'resetAt',
      SWEEP_INTERVAL_MS,
      new Logger('RateLimitStore'),
    );
  }

  increment(key: string, windowMs: number): Promise<RateLimitState> {
    return this.oneAtATime(key, async () => {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const now = new Date();
        const live = await this.windows
          .findOneAndUpdate(
            { _id: key, resetAt: trusted({ $gt: now }) },
            { $inc: { count: 1 } },
            { new: true, lean: true },
          )
          .exec();
        if (live) return stateOf(live);

        const fresh = { _id: key, count: 1, resetAt: new Date(now.getTime() + windowMs) };
        try {
          await this.windows.create(fresh);
          return stateOf(fresh);
        } catch (error) {
          if ((error as { code?: unknown }).code !== 11000) throw error;
        }
        // An ended window is in the way: start the new one in its place, unless another process
        // has just done so (then the next round counts in that one).
        const restarted = await this.windows
          .findOneAndUpdate(
            { _id: key, resetAt: trusted({ $lte: now }) },
            { $set: { count: 1, resetAt: fresh.resetAt } },
            { new: true, lean: true },
          )
          .exec();
        if (restarted) return stateOf(restarted);
      }
      throw new Error(`rate limit window ${key} kept changing during ${MAX_ROUNDS} rounds`);
    });
  }

  async peek(key: string): Promise<RateLimitState | undefined> {
    const window = await this.windows.findById(key).lean().exec();
    return window && window.resetAt.getTime() > Date.now() ? stateOf(window) : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.oneAtATime(key, () => this.windows.deleteOne({ _id: key }).exec());
  }

  /** Removes ended windows; returns how many. */
  sweep(now = new Date()): Promise<number> {
    return this.ended.sweep(now);
  }

  // `npm run db:indexes` starts the app with auto-index on, so it builds the TTL index too.
  onApplicationBootstrap(): Promise<void> {
    return this.ended.start(this.buildIndexes);
  }

  onApplicationShutdown(): void {
    this.ended.stop();
  }

  private oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.pending.get(key) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    this.pending.set(key, tail);
    void tail.then(() => {
      if (this.pending.get(key) === tail) this.pending.delete(key);
    });
    return result;
  }
}

const stateOf = (window: Pick<RateLimitWindow, 'count' | 'resetAt'>): RateLimitState => ({
  count: window.count,
  resetAt: window.resetAt.getTime(),
});

/** The counters as RATE_LIMIT_STORE says: in the database (the default), or in this process. */
export const rateLimitStoreProvider: FactoryProvider<RateLimitStore> = {
  provide: RateLimitStore,
  inject: [AppConfig, getModelToken(RateLimitWindow.name)],
  useFactory: (config: AppConfig, windows: Model<RateLimitWindow>): RateLimitStore =>
    config.rateLimitStore === 'memory'
      ? new MemoryRateLimitStore()
      : new DatabaseRateLimitStore(windows, config.database.autoIndex),
};
