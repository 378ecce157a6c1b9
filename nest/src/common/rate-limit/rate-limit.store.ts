import { type OnModuleDestroy } from '@nestjs/common';

export interface RateLimitState {
  /** Hits in the current window, including this one. */
  count: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
}

export interface CountOptions {
  /** The key is new more often than not (one per text): its window is started before looked for. */
  usuallyNew?: boolean;
}

/**
 * Where counters live: the database (DatabaseRateLimitStore) when API processes may share it, so a
 * client can't spread attempts across replicas; memory for the one process of the embedded default.
 */
export abstract class RateLimitStore {
  abstract increment(
    key: string,
    windowMs: number,
    options?: CountOptions,
  ): Promise<RateLimitState>;
  abstract peek(key: string): Promise<RateLimitState | undefined>;
  abstract reset(key: string): Promise<void>;
}

/** Fixed-window counters in a Map, swept periodically so memory stays bounded by active keys. */
export class MemoryRateLimitStore extends RateLimitStore implements OnModuleDestroy {
  private readonly windows = new Map<string, RateLimitState>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000);

  constructor(private readonly now: () => number = Date.now) {
    super();
    this.sweeper.unref();
  }

  async increment(key: string, windowMs: number): Promise<RateLimitState> {
    const now = this.now();
    const current = this.windows.get(key);
    const state =
      current && current.resetAt > now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, state);
    return state;
  }

  async peek(key: string): Promise<RateLimitState | undefined> {
    const state = this.windows.get(key);
    return state && state.resetAt > this.now() ? state : undefined;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, state] of this.windows) if (state.resetAt <= now) this.windows.delete(key);
  }
}
