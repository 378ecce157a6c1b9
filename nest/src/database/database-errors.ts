import { Error as MongooseError } from 'mongoose';

/**
 * The path of a value the database could not take as its type (Mongoose's CastError: a malformed
 * id in a filter, say), answered as a 400 naming it; null for any other error.
 */
export function uncastPath(error: unknown): string | null {
  return error instanceof MongooseError.CastError ? error.path : null;
}

/**
 * Errors that mean "the database can't be reached right now" (answered 503), whichever layer raised
 * them: the driver's own classes, Mongoose's wrappers, or a pool cleared by a failed operation.
 */
const UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoPoolClosedError',
]);

/** Server answers during shutdown or a replica-set election: the request may succeed on retry. */
const UNAVAILABLE_CODES = new Set([91, 189, 10107, 11600, 11602, 13435, 13436]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  return (
    UNAVAILABLE.has(error.name) ||
    (typeof code === 'number' && UNAVAILABLE_CODES.has(code)) ||
    isDatabaseUnavailable(error.cause, depth + 1)
  );
}

/**
 * Failures an engine raises for a query it could run a moment later, by the text it gives (they
 * have no code of their own). DocumentDB (FerretDB 2) with its experimental ordered-index settings
 * on (extended RUM, order-by pushdown) fails a sorted cursor and a search with "Cannot iterate over
 * a lossy check on order by", and writes and totals under concurrent intake with "lock BufferContent
 * is not held" (issue 36). Answered 503 with `Retry-After`, and logged by their text.
 */
const TRANSIENT_ENGINE_FAILURES = [
  'Cannot iterate over a lossy check on order by',
  'lock BufferContent is not held',
];

/** The engine's own words when an error is one of those transient failures; else null. */
export function transientEngineFailure(error: unknown, depth = 0): string | null {
  if (!(error instanceof Error) || depth > 3) return null;
  if (TRANSIENT_ENGINE_FAILURES.some((text) => error.message.includes(text))) return error.message;
  return transientEngineFailure(error.cause, depth + 1);
}
