import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { csvStream } from './lead-csv';

// Each cell's encoding (every locale's separator, formula triggers): nest/src/contract/csv.spec.ts.
describe('csvStream', () => {
  it('writes a header and CRLF-terminated rows', async () => {
    const out = await text(
      Readable.from([{ a: 1, b: 'x,y' }, { a: 2 }]).pipe(csvStream(['a', 'b'])),
    );
    expect(out).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });

  it('writes the header alone for no rows', async () => {
    expect(await text(Readable.from([]).pipe(csvStream(['a', 'b'])))).toBe('a,b\r\n');
  });
});
