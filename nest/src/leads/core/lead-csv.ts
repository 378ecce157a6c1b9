import { Transform } from 'node:stream';

// The cell rules are shared with the web's CSV downloads (insights): they live in the contract.
import { csvRow, DEFAULT_TIME_ZONE, isoInZone } from '../../contract';

/**
 * Turns a stream of records into CSV text, header first; memory stays flat whatever the count.
 * Dates are ISO 8601 in `zone`, with its offset (`Z` in UTC).
 */
export function csvStream(columns: readonly string[], zone = DEFAULT_TIME_ZONE): Transform {
  const cell = (value: unknown) => (value instanceof Date ? isoInZone(value, zone) : value);
  let headerSent = false;
  return new Transform({
    writableObjectMode: true,
    transform(record: Record<string, unknown>, _encoding, callback) {
      const header = headerSent ? '' : csvRow(columns);
      headerSent = true;
      callback(null, header + csvRow(columns.map((c) => cell(record[c]))));
    },
    flush(callback) {
      callback(null, headerSent ? '' : csvRow(columns));
    },
  });
}
