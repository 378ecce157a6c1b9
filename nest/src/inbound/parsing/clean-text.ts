import { characterCount } from '../../contract';

/** A lone surrogate half: not Unicode text (a UTF-16 decoder's leftover), unstorable as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are what these remove
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- line breaks and controls are what a header loses
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/**
 * Text from a message as we keep it: well formed (a lone surrogate becomes U+FFFD), no NUL or other
 * control character but tab and line breaks (FerretDB refuses NUL; nothing shows the rest), line
 * breaks as `\n`, and at most `max` characters (cut with a note saying so).
 */
export function cleanText(text: string, max: number): string {
  const clean = text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '');
  return cut(clean, max, `\n[… cut: longer than ${max} characters]`);
}

/**
 * One line of a header (a subject, a display name): every line break or control character (a
 * decoded encoded-word may hold CR/LF, "Subject: Hi\r\nBcc: …") becomes one space.
 */
export function cleanLine(text: string, max: number): string {
  const line = text.replace(LONE_SURROGATE, '\uFFFD').replace(LINE_BREAKS_AND_CONTROLS, ' ').trim();
  return cut(line, max, '…');
}

function cut(text: string, max: number, note: string): string {
  if (text.length <= max || characterCount(text) <= max) return text;
  return [...text].slice(0, Math.max(0, max - characterCount(note))).join('') + note;
}
