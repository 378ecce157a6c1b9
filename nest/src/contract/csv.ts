// CSV that every locale's spreadsheet opens safely: the API's exports and the web's downloads.

/**
 * A cell a spreadsheet in some locale would run as a formula (OWASP, CSV injection): its first
 * non-blank character is `=`, `+`, `-` or `@` in any width (full-width and small forms are run by
 * East Asian locales), or it starts with a tab or CR. `\s` covers no-break and ideographic spaces.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/;

/**
 * Quoted when it holds a quote, a line break or the list separator of any locale (`,`; `;` in
 * German or French Excel; tab), so no locale splits it and starts a new cell inside it.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One RFC 4180 cell: quoted when any locale would split it (quotes doubled), and prefixed with `'`
 * when a spreadsheet would read it as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
