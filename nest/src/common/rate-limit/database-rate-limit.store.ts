import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type FilterQuery, type Model } from 'mongoose';

import { type DatabaseEngine } from '../../database/database-engine';
import { ExpiredDocuments } from '../../database/expired-documents';

import { type RateLimitWindow } from './rate-limit-window.schema';
import { type CountOptions, type RateLimitState, RateLimitStore } from './rate-limit.store';

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
      if ((error as { code?: unknown }).code !== 11000) throw error;
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
