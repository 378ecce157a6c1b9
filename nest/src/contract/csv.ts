// CSV that every locale's spreadsheet opens safely: the API's exports and the web's downloads.

/**
 * What a spreadsheet runs as a formula when a cell starts with it (OWASP, CSV injection; ASVS 5.0
 * 1.2.10 adds NUL): `=`, `+`, `-`, `@` in any width (full-width and small forms are run by East
 * Asian locales), tab, CR.
 */
const TRIGGER = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B\\t\\r\\0]';

/**
 * What a spreadsheet may skip before it looks for a trigger: blanks (no-break and ideographic
 * spaces too), and `"`, which opens a quoted field wherever a reader starts a cell.
 */
const SKIPPED = '(?:[^\\S\\t\\r\\n]|")*';

/**
 * Where some reader starts a cell: the text's start and after `,`, `;` or tab, the list separators
 * of the world's spreadsheets, or after a line break. Quotes only protect in the `,` reading: a `;`
 * or tab locale reads a quote that opens mid-field as text, so it splits there too and ends the row
 * at a quoted line break. CR before LF is one break, so CRLF text stays whole.
 */
const CELL_START = '(?<=^|[,;\\t\\n]|\\r(?!\\n))';

/** Every place a reader could start a cell that would be run as a formula. */
const FORMULA_STARTS = new RegExp(`${CELL_START}(?=${SKIPPED}${TRIGGER})`, 'g');

/**
 * Quoted when it holds a quote, a line break or the list separator of any locale (`,`; `;` in
 * German or French Excel; tab), so the readers that honour quotes keep it one cell.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One RFC 4180 cell that no reading turns into a formula: `'` (the spreadsheets' own "this is text"
 * mark) before every place a `,`, `;` or tab reader would start a cell with a trigger, and quoted
 * (quotes doubled) when a `,` reader would split it. Other text is written as it is.
 */
export function csvCell(value: unknown): string {
  const raw = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  const text = raw.replace(FORMULA_STARTS, "'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
