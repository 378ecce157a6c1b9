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
  const each = writeErrorsOf(error);
  if (!each) return isDuplicateKey(error);
  return each.length > 0 && each.every((writeError) => own(writeError, 'code') === DUPLICATE_KEY);
}

/**
 * The rows (positions) of an unordered bulk insert of `rows` refused as already there; null when
 * some row failed otherwise, or which failed can't be told.
 */
export function duplicateKeyRows(error: unknown, rows: number): number[] | null {
  const each = writeErrorsOf(error);
  if (!each) return rows === 1 && isDuplicateKey(error) ? [0] : null;
  const found: number[] = [];
  for (const writeError of each) {
    const index = own(writeError, 'index');
    if (own(writeError, 'code') !== DUPLICATE_KEY || typeof index !== 'number') return null;
    found.push(index);
  }
  return found;
}

function writeErrorsOf(error: unknown): unknown[] | null {
  const writeErrors: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'writeErrors') : undefined;
  if (writeErrors === undefined || writeErrors === null) return null;
  return Array.isArray(writeErrors) ? writeErrors : [writeErrors];
}

/** A write error's field, its own or (Mongoose's copy) its `err`'s. */
function own(writeError: unknown, field: 'code' | 'index'): unknown {
  if (typeof writeError !== 'object' || writeError === null) return undefined;
  const inner: unknown = Reflect.get(writeError, 'err');
  return (
    Reflect.get(writeError, field) ??
    (typeof inner === 'object' && inner !== null ? Reflect.get(inner, field) : undefined)
  );
}
