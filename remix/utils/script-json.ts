/**
 * JSON to put inside `<script type="application/json">`: characters that could end the element or
 * start markup (`<`, `>`, `&`) and the two line separators old parsers choke on are written as
 * `\uXXXX` escapes, which JSON.parse reads back as the same characters. A visitor's text (a refused
 * form's values) can then never close the script element and inject markup.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
