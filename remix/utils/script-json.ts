/**
 * A value as a JavaScript literal to write inside a `<script>` element: characters that could end
 * the element or start markup (`<`, `>`, `&`) and the two line separators old parsers choke on are
 * written as `\uXXXX` escapes, which read back as the same characters. Whatever the value holds, it
 * cannot close the script element and inject markup.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
