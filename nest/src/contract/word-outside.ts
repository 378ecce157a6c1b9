/** ECMAScript's `\w`, one by one: every regular-expression engine reads a list alike. */
const WORD_CHARACTERS = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_',
] as const;

/**
 * A pattern source matching one non-empty word of WORD_CHARACTERS that is none of `words`, with
 * no lookaround (the contract run's generator, Hypothesis, cannot generate for one): the words'
 * trie, and at each node every way of leaving it.
 */
export function wordOutside(words: readonly string[]): string {
  const any = `[${WORD_CHARACTERS.join('')}]`;
  const outside = (suffixes: readonly string[], mayEnd: boolean): string => {
    const firsts = [...new Set(suffixes.filter(Boolean).map((word) => word[0]!))];
    const others = WORD_CHARACTERS.filter((c) => !firsts.includes(c));
    const ways = [
      `[${others.join('')}]${any}*`,
      ...firsts.map(
        (c) =>
          `${c}(?:${outside(
            suffixes.filter((word) => word[0] === c).map((word) => word.slice(1)),
            true,
          )})`,
      ),
    ];
    // Stopping here is outside the words unless one of them ends here.
    const alternatives = `(?:${ways.join('|')})`;
    return mayEnd && !suffixes.includes('') ? `${alternatives}?` : alternatives;
  };
  return outside(words, false);
}
