import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { csvCell, csvStream } from './lead-csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', '"\'\tTab"'],
    ['', ''],
  ])('%j -> %j', (input, expected) => expect(csvCell(input)).toBe(expected));

  // OWASP CSV injection: a cell must not become a formula in any locale's spreadsheet.
  it.each([
    // A `;` (German, French…) or tab list separator would split an unquoted cell and start a new one.
    ['y;=1+1;@SUM(2+2)', '"y;=1+1;@SUM(2+2)"'],
    ['a\t=1+1', '"a\t=1+1"'],
    // Full-width and small-form triggers, run by Japanese and Chinese locale spreadsheets.
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(1)', "'＠SUM(1)"],
    ['﹦1+1', "'﹦1+1"],
    // A trigger after blanks (spaces, no-break and ideographic spaces, line breaks) still counts.
    ['  =1+1', "'  =1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u3000＝1+1', "'\u3000＝1+1"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['\n=1+1', '"\'\n=1+1"'],
    // Not triggers: text that merely holds one later on.
    ['a=b', 'a=b'],
    ['e-mail', 'e-mail'],
  ])('%j -> %j in every locale', (input, expected) => expect(csvCell(input)).toBe(expected));

  it('writes dates as ISO 8601 and null as empty', () => {
    expect(csvCell(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
  });
});

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
