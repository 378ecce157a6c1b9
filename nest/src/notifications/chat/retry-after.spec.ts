import { RETRY_AFTER_MAX_MS, retryAfterOf } from './retry-after';

describe('Retry-After', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('reads whole seconds and HTTP dates', () => {
    expect(retryAfterOf('30', now)?.toISOString()).toBe('2026-01-01T12:00:30.000Z');
    expect(retryAfterOf(' 0 ', now)?.getTime()).toBe(now);
    expect(retryAfterOf('Thu, 01 Jan 2026 12:05:00 GMT', now)?.toISOString()).toBe(
      '2026-01-01T12:05:00.000Z',
    );
  });

  it('never answers a time in the past, nor more than a day ahead', () => {
    expect(retryAfterOf('Wed, 31 Dec 2025 12:00:00 GMT', now)?.getTime()).toBe(now);
    expect(retryAfterOf(String(7 * 86_400), now)?.getTime()).toBe(now + RETRY_AFTER_MAX_MS);
  });

  it.each([null, undefined, '', 'soon', '-5', '1.5'])('gives no time for %p', (header) => {
    expect(retryAfterOf(header, now)).toBeNull();
  });
});
