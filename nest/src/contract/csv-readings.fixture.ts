/**
 * How spreadsheets in different locales read one CSV file, for specs of what we export. A locale's
 * list separator is `,`, `;` or a tab, and a reader whose separator is not `,` treats a quote that
 * opens mid-field as text: it splits at every separator and ends the row at every line break, quoted
 * or not. These readers split that way, ignoring quotes, under each line-break rule; the readers
 * that honour quotes (`,` in RFC 4180) are the specs' own CSV parser.
 */

export const LIST_SEPARATORS = [',', ';', '\t'] as const;

const LINE_BREAKS = [
  ['CRLF, CR or LF', /\r\n|\r|\n/],
  // A CR before the LF ends the row with it, as such readers take it; a lone CR stays in its cell.
  ['LF', /\r?\n/],
  ['CR', /\r/],
] as const;

export interface CsvReading {
  /** Which reader: its list separator and what ends a row for it. */
  reader: string;
  cells: readonly string[];
}

/** The cells of `csv` as each quote-blind reader sees them. */
export function quoteBlindReadings(csv: string): CsvReading[] {
  return LIST_SEPARATORS.flatMap((separator) =>
    LINE_BREAKS.map(([breaks, pattern]) => ({
      reader: `split at ${JSON.stringify(separator)}, rows at ${breaks}, quotes as text`,
      cells: csv.split(pattern).flatMap((row) => row.split(separator)),
    })),
  );
}

/**
 * A cell a spreadsheet would run as a formula (OWASP, CSV injection; ASVS 5.0 adds NUL): its first
 * character other than blanks and quotes (which a reader may trim or take as a quoted field's
 * opening) is `=`, `+`, `-`, `@` in any width, tab, CR or NUL.
 */
const runsAsFormula = (cell: string): boolean =>
  /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\t\r\0]/.test(cell);

/** Every cell some reading of `readings` would run as a formula, with the reader that finds it. */
export function formulaCells(readings: readonly CsvReading[]): string[] {
  return readings.flatMap(({ reader, cells }) =>
    cells.filter(runsAsFormula).map((cell) => `${reader}: ${JSON.stringify(cell)}`),
  );
}
