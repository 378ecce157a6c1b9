import {
  DatabaseRateLimitStore,
  TEXT_COUNTERS,
} from '../../nest/src/common/rate-limit/database-rate-limit.store';
import {
  MemoryRateLimitStore,
  RateLimitStore,
} from '../../nest/src/common/rate-limit/rate-limit.store';
import { createTestApp, type TestApp } from '../support/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counters behind the intake limit and the sign-in throttle, in the database (the default). */
describe('rate limit store in the database', () => {
  let t: TestApp;
  let store: DatabaseRateLimitStore;

  beforeAll(async () => {
    t = await createTestApp();
    store = t.app.get(RateLimitStore) as DatabaseRateLimitStore;
  });
  afterAll(() => t.close());

  it('is the default store, and keeps its windows in the rate_limits collection', async () => {
    expect(store).toBeInstanceOf(DatabaseRateLimitStore);
    await store.increment('kept', 60_000);
    const kept = await t.connection.collection('rate_limits').findOne({ _id: 'kept' as never });
    expect(kept).toMatchObject({ count: 1, resetAt: expect.any(Date) });
  });

  it('counts hits in a window that starts at the first one', async () => {
    const started = Date.now();
    const first = await store.increment('window', 60_000);
    const second = await store.increment('window', 60_000);
    expect(first.count).toBe(1);
    expect(second).toEqual({ count: 2, resetAt: first.resetAt });
    expect(first.resetAt).toBeGreaterThanOrEqual(started + 60_000);
    expect(await store.peek('window')).toEqual(second);
  });

  it('starts a new window after the last one ended, and forgets the ended one', async () => {
    await store.increment('short', 100);
    await store.increment('short', 100);
    await sleep(150);
    expect(await store.peek('short')).toBeUndefined();
    const restarted = await store.increment('short', 60_000);
    expect(restarted.count).toBe(1);
    expect(restarted.resetAt).toBeGreaterThan(Date.now() + 50_000);
  });

  it('counts every one of many hits at once', async () => {
    const states = await Promise.all(
      Array.from({ length: 30 }, () => store.increment('burst', 60_000)),
    );
    expect(states.map((s) => s.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect((await store.peek('burst'))?.count).toBe(30);
  });

  it('counts a key said to be usually new as any other: started, counted on, restarted', async () => {
    const usuallyNew = { usuallyNew: true };
    expect((await store.increment('text', 60_000, usuallyNew)).count).toBe(1);
    expect((await store.increment('text', 60_000, usuallyNew)).count).toBe(2);
    const states = await Promise.all(
      Array.from({ length: 10 }, () => store.increment('text', 60_000, usuallyNew)),
    );
    expect(Math.max(...states.map((s) => s.count))).toBe(12);
    await store.increment('text-short', 100, usuallyNew);
    await sleep(150);
    expect((await store.increment('text-short', 60_000, usuallyNew)).count).toBe(1);
  });

  it('keeps the counters of texts apart from the limits, in text_counters', async () => {
    const texts = t.app.get<RateLimitStore>(TEXT_COUNTERS);
    expect(texts).toBeInstanceOf(DatabaseRateLimitStore);
    expect(texts).not.toBe(store);
    await texts.increment('spam-text:apart', 60_000, { usuallyNew: true });
    const collection = (name: string) =>
      t.connection.collection(name).findOne({ _id: 'spam-text:apart' as never });
    expect(await collection('text_counters')).toMatchObject({ count: 1 });
    expect(await collection('rate_limits')).toBeNull();
  });

  it('resets a key, and sweeps ended windows away', async () => {
    await store.increment('gone', 60_000);
    await store.reset('gone');
    expect(await store.peek('gone')).toBeUndefined();

    await store.increment('ended', 1);
    await sleep(10);
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    const left = await t.connection.collection('rate_limits').findOne({ _id: 'ended' as never });
    expect(left).toBeNull();
  });
});

describe('rate limit store in memory', () => {
  it('is chosen by RATE_LIMIT_STORE=memory', async () => {
    const t = await createTestApp({ RATE_LIMIT_STORE: 'memory' });
    try {
      expect(t.app.get(RateLimitStore)).toBeInstanceOf(MemoryRateLimitStore);
    } finally {
      await t.close();
    }
  });
});
