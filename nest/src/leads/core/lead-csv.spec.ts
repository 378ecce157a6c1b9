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

describe("csvStream's dates", () => {
  const at = new Date('2026-11-21T00:02:44.123Z');

  it('writes them as toISOString does (UTC, Z) by default', async () => {
    const out = await text(Readable.from([{ at }]).pipe(csvStream(['at'])));
    expect(out).toBe('at\r\n2026-11-21T00:02:44.123Z\r\n');
  });

  it("writes them in the zone asked for, with that zone's offset on each date", async () => {
    const summer = new Date('2026-07-01T12:00:00Z');
    const out = await text(
      Readable.from([{ at }, { at: summer }]).pipe(csvStream(['at'], 'America/New_York')),
    );
    expect(out).toBe('at\r\n2026-11-20T19:02:44.123-05:00\r\n2026-07-01T08:00:00.000-04:00\r\n');
  });
});
