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
