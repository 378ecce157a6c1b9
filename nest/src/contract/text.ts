/**
 * How text is measured and which text is accepted, on both sides of the API. A "character" is a
 * Unicode code point: what JSON Schema's minLength/maxLength count (so the OpenAPI document states
 * the rule exactly) and never more than what a person counts (an emoji with a skin tone is two code
 * points and one character to a person, so nobody is refused below a limit as they count it).
 */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * Whether `text` holds a surrogate without its pair: not Unicode text, and what a database or a
 * UTF-8 encoder would silently replace with U+FFFD. Such text is refused, never altered.
 */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * The HTML `maxlength` of a field of `limit` characters. Browsers count UTF-16 units there, up to
 * two per character: twice the limit never stops a person short of it, and the exact count is
 * the API's, whose message the form shows.
 */
export const htmlMaxLength = (limit: number): number => limit * 2;

/** What is wrong with a text field's value, in the order a form says it; null when nothing is. */
export type TextProblem = 'blank' | 'not-text' | 'line-break' | 'too-long';

/**
 * The text rule of a field at most `max` characters (code points) long: not blank (as trim()
 * sees it), no NUL (FerretDB cannot store it) and no lone surrogate (not Unicode), on one line
 * when `oneLine` (it becomes a mail header). The API applies the same rule to what it is sent.
 */
export function textProblem(
  text: string,
  { max, oneLine = false }: { max: number; oneLine?: boolean },
): TextProblem | null {
  if (text.trim() === '') return 'blank';
  if (text.includes('\u0000') || hasLoneSurrogate(text)) return 'not-text';
  if (oneLine && /[\r\n]/.test(text)) return 'line-break';
  return characterCount(text) > max ? 'too-long' : null;
}

/**
 * The rules of the API's per-field messages about text, each message `<field> <rule>` (or
 * `<field> must be at most <n> characters`): clients show them in a person's words, found by these.
 */
export const TEXT_RULES = {
  blank: 'should not be empty',
  email: 'must be an email address',
  notText: 'must be a string',
  nul: 'must not contain NUL characters',
  lineBreak: 'must be one line (no CR or LF)',
  loneSurrogate: 'contains a lone surrogate (not Unicode text): it cannot be stored as sent',
} as const;
export type TextRule = keyof typeof TEXT_RULES;
