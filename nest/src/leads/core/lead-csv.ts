import { Transform } from 'node:stream';

/** Cells starting with these are run as formulas by spreadsheet apps (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell: quoted when it holds a quote, comma or line break (quotes doubled), and
 * prefixed with `'` when a spreadsheet would read it as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Turns a stream of records into CSV text, header first; memory stays flat whatever the count. */
export function csvStream(columns: readonly string[]): Transform {
  let headerSent = false;
  return new Transform({
    writableObjectMode: true,
    transform(record: Record<string, unknown>, _encoding, callback) {
      const header = headerSent ? '' : csvRow(columns);
      headerSent = true;
      callback(null, header + csvRow(columns.map((c) => record[c])));
    },
    flush(callback) {
      callback(null, headerSent ? '' : csvRow(columns));
    },
  });
}
