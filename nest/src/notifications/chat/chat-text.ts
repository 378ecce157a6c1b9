/**
 * A lead's text as a chat alert may show it: one line, short, and without the characters that
 * change how text around them is read. Each chat format escapes what it parses on top of this
 * (slack-message.ts, teams-message.ts).
 */

/**
 * Controls (C0 and C1 but tab), and the bidirectional controls that can make text read otherwise
 * than it is written (a right-to-left override turns `exe.pdf` round), zero-width characters and
 * the byte order mark. Line breaks are dealt with before.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- these are exactly what is removed
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex -- vertical tab and form feed end a line too
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** Text cut to at most `max` characters (code points), with an ellipsis when cut. */
export function shortened(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A field's value on one line: line breaks and runs of blanks become one space. */
export function oneLine(text: string, max: number): string {
  const flat = text
    .split(LINE_BREAK)
    .join(' ')
    .replace(/\t/g, ' ')
    .replace(HIDDEN, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return shortened(flat, max);
}

/** The first line of a message that has text (a message may start with blank lines). */
export function firstLine(text: string, max: number): string {
  const line = text.split(LINE_BREAK).find((l) => l.replace(HIDDEN, '').trim() !== '') ?? '';
  return oneLine(line, max);
}
