import { WORDS_VERSION } from '../lead-words';

/**
 * How a lead's words are stored, by engine. An indexed engine (MongoDB, FerretDB 2) keeps them as
 * an array in `words`, one multikey index entry each. FerretDB 1.x reads and decodes every document
 * for every search and no index helps it; there an array of ~20 strings doubled a search's time
 * (measured: scripts/bench/search-ab.ts), while the same words joined by spaces in one string,
 * `wordText`, searched by `(?:^| )word`, costs about what the substring search it replaced did.
 */
export type WordsForm = 'array' | 'text';

export const WORDS_FIELD = { array: 'words', text: 'wordText' } as const satisfies Record<
  WordsForm,
  string
>;

/** The form of the engine: text on one that reads every document anyway (FerretDB 1.x). */
export function wordsFormOf(wholeCollectionEngine: string | null): WordsForm {
  return wholeCollectionEngine ? 'text' : 'array';
}

/**
 * Beside each form, the WORDS_VERSION its words were made by: the start-up fill finds leads whose
 * words are missing, older, or in the other engine's form by this one field (`$ne`, an index range).
 */
export const WORDS_VERSION_FIELD = {
  array: 'wordsVersion',
  text: 'wordTextVersion',
} as const satisfies Record<WordsForm, string>;

/** A lead's words as its engine's form stores them (the other form's fields are then left out). */
export function storedWords(form: WordsForm, words: readonly string[]): Record<string, unknown> {
  const version = { [WORDS_VERSION_FIELD[form]]: WORDS_VERSION };
  return form === 'array'
    ? { words: [...words], ...version }
    : { wordText: words.join(' '), ...version };
}
