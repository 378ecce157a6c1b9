/** MongoDB's (and FerretDB's) code for a write a unique index refused. */
const DUPLICATE_KEY = 11000;

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;

/** Whether a driver error is a duplicate key: the insert that enforces "exactly once" lost. */
export function isDuplicateKey(error: unknown): boolean {
  return codeOf(error) === DUPLICATE_KEY;
}

/**
 * Whether an unordered bulk insert failed only on rows already there. Mongoose copies each write
 * error into a plain `{ err, index }` (the driver's `code` getter does not survive the copy), and
 * the driver gives one error alone rather than in an array: every shape is read here.
 */
export function onlyDuplicateKeys(error: unknown): boolean {
  const writeErrors: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'writeErrors') : undefined;
  if (writeErrors === undefined || writeErrors === null) return isDuplicateKey(error);
  const each = Array.isArray(writeErrors) ? writeErrors : [writeErrors];
  return (
    each.length > 0 &&
    each.every((writeError: unknown) => {
      const own = codeOf(writeError);
      const inner =
        typeof writeError === 'object' && writeError !== null
          ? codeOf(Reflect.get(writeError, 'err'))
          : undefined;
      return (own ?? inner) === DUPLICATE_KEY;
    })
  );
}
