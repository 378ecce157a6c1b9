import { type LeadKindDescriptor } from '../../contract';

/**
 * Longer words are cut to this many characters, where they are stored and where they are searched
 * alike, so a long search word still finds its lead and a stored lead's index keys stay short.
 */
export const WORD_MAX = 32;

const MARKS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The words of a text as search compares them: lower case, accents folded (`é` is `e`: NFD, marks
 * dropped), split on anything that is not a letter or a digit in any script. Lower case comes first:
 * `İ` lower-cases to `i` plus a combining dot, which the folding then drops.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .split(NOT_WORD)
    .filter((word) => word !== '')
    .map((word) => Array.from(word).slice(0, WORD_MAX).join(''));
}

/**
 * The fields a lead is found by: its name, its email (local part and domain), its kind's text and,
 * where the kind has one, its subject (issue 32: "Pricing data" found no contact-us lead).
 */
export function searchedFields(kind: LeadKindDescriptor): string[] {
  return ['name', 'email', kind.textField, ...(kind.hasSubject ? ['subject'] : [])];
}

/**
 * Which fields stored words were made of: leads whose words are older (no subject's, before 2) are
 * given theirs again at start, as leads without any are. Raise it when searchedFields changes.
 */
export const WORDS_VERSION = 2;

/** What a lead stores in `words`: each word of its searched fields once, in no useful order. */
export function leadWords(kind: LeadKindDescriptor, lead: Record<string, unknown>): string[] {
  const text = searchedFields(kind)
    .map((field) => lead[field])
    .filter((value): value is string => typeof value === 'string');
  return [...new Set(searchWords(text.join(' ')))];
}
