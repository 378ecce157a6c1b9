import { Transform } from 'node:stream';

// The cell rules are shared with the web's CSV downloads (insights): they live in the contract.
import { csvRow } from '../../contract';

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
