/** The longest a "come back later" is taken at its word: past it, the next attempt asks again. */
export const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

/**
 * When a receiver's `Retry-After` says to come back (RFC 9110: whole seconds, or an HTTP date),
 * never before `now` nor more than a day ahead; null when it is absent or unreadable.
 */
export function retryAfterOf(header: string | null | undefined, now = Date.now()): Date | null {
  const value = header?.trim();
  if (!value) return null;
  // An HTTP date starts with the day's name (`Thu, 01 Jan 2026 12:05:00 GMT`, or an obsolete form).
  const at = /^\d+$/.test(value)
    ? now + Number(value) * 1000
    : /^[A-Za-z]{3,9},? /.test(value)
      ? Date.parse(value)
      : NaN;
  if (Number.isNaN(at)) return null;
  return new Date(Math.min(Math.max(at, now), now + RETRY_AFTER_MAX_MS));
}

/**
 * A receiver asked to be called again later (429): the worker waits until `retryAt` (or its own
 * backoff when none was given) and does not count the attempt as a failure.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAt: Date | null,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}
