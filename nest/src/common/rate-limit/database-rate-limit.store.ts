import {
  type FactoryProvider,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { type FilterQuery, type Model } from 'mongoose';

import { AppConfig } from '../../config/app-config';
import { DatabaseEngine } from '../../database/database-engine';
import { isDuplicateKey } from '../../database/duplicate-key';
import { ExpiredDocuments } from '../../database/expired-documents';

import { RateLimitWindow } from './rate-limit-window.schema';
import {
  type CountOptions,
  MemoryRateLimitStore,
  type RateLimitState,
  RateLimitStore,
} from './rate-limit.store';

const SWEEP_INTERVAL_MS = 60_000;
/** Rounds of "another process changed the window first" before giving up (never seen past 2). */
const MAX_ROUNDS = 5;

/**
 * Fixed-window counters in the database, so every API process on it counts against one limit
 * (decision 0012). A window starts at its first hit, as in the memory store. Each step is a single
 * atomic write on MongoDB, found by `_id` alone (FerretDB 1.x reads the whole collection for any
 * other filter, and the collection holds a window per visitor and per text of the last hour):
 * `$inc`, and if that found no window, insert one (the `_id` is the key, so only one process's
 * insert can win); if it found an ended one, start the new window in its place, conditionally.
 * Expiry is the store's own: reads ignore ended windows, a TTL index removes them on MongoDB and a
 * sweep does on servers without TTL indexes (FerretDB 1.x).
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
    private readonly engine: Pick<DatabaseEngine, 'wholeCollectionEngine'>,
  ) {
    super();
    this.ended = new ExpiredDocuments(
      windows,
      'resetAt',
      SWEEP_INTERVAL_MS,
      new Logger('RateLimitStore'),
    );
  }

  increment(
    key: string,
    windowMs: number,
    { usuallyNew = false }: CountOptions = {},
  ): Promise<RateLimitState> {
    return this.oneAtATime(key, async () => {
      // A key that is usually new is inserted first: FerretDB 1.x checks an insert's `_id`
      // against its index, while finding a document, even by `_id`, reads through the collection.
      const started = usuallyNew ? await this.start(key, windowMs) : undefined;
      if (started) return started;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const now = new Date();
        const counted = await this.windows
          .findOneAndUpdate({ _id: key }, { $inc: { count: 1 } }, { new: true, lean: true })
          .exec();
        if (counted && counted.resetAt > now) return stateOf(counted);
        if (!counted) {
          const fresh = await this.start(key, windowMs);
          if (fresh) return fresh;
          continue;
        }
        // The window had ended (the hit went into it, where nothing reads it): start the new one
        // in its place, unless another process has just done so (then the next round counts in
        // that one). Once per window, not per hit.
        const restarted = await this.windows
          .findOneAndUpdate(
            await this.stillEnded(key, counted.resetAt),
            { $set: { count: 1, resetAt: new Date(now.getTime() + windowMs) } },
            { new: true, lean: true },
          )
          .exec();
        if (restarted) return stateOf(restarted);
      }
      throw new Error(`rate limit window ${key} kept changing during ${MAX_ROUNDS} rounds`);
    });
  }

  /** A new window of `key`, counting this hit; undefined when the key has one (live or not). */
  private async start(key: string, windowMs: number): Promise<RateLimitState | undefined> {
    const fresh = { _id: key, count: 1, resetAt: new Date(Date.now() + windowMs) };
    try {
      await this.windows.create(fresh);
      return stateOf(fresh);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return undefined;
    }
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

  /**
   * The window `key` while it still ends at `resetAt`. FerretDB 1.x isolates no write, so the
   * condition would guard nothing there and only cost a read of the whole collection: `_id` alone.
   */
  private async stillEnded(key: string, resetAt: Date): Promise<FilterQuery<RateLimitWindow>> {
    return (await this.engine.wholeCollectionEngine()) ? { _id: key } : { _id: key, resetAt };
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

/**
 * Counters of texts (the spam filter's repeated text): one or two per submission with a text of
 * its own, each an hour long, so many more than the visitors' limits; kept in a collection of
 * their own, so that counting a visitor's submissions reads none of them (FerretDB 1.x reads
 * through a collection even for an `_id`).
 */
export const TEXT_COUNTERS = 'TextCounters';
/** The model of the counters of texts (the rate-limit window's schema, in `text_counters`). */
export const TEXT_WINDOW = 'TextWindow';

/** A store of counters, in the collection of `model`, as RATE_LIMIT_STORE says: in the database (the default), or in this process. */
function countersIn(
  provide: string | typeof RateLimitStore,
  model: string,
): FactoryProvider<RateLimitStore> {
  return {
    provide,
    inject: [AppConfig, getModelToken(model), DatabaseEngine],
    useFactory: (
      config: AppConfig,
      windows: Model<RateLimitWindow>,
      engine: DatabaseEngine,
    ): RateLimitStore =>
      config.rateLimitStore === 'memory'
        ? new MemoryRateLimitStore()
        : new DatabaseRateLimitStore(windows, config.database.autoIndex, engine),
  };
}

/** The visitors' limits and the sign-in throttle. */
export const rateLimitStoreProvider = countersIn(RateLimitStore, RateLimitWindow.name);
/** The spam filter's counters of texts. */
export const textCountersProvider = countersIn(TEXT_COUNTERS, TEXT_WINDOW);
