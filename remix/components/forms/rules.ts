import { z } from 'zod';

import {
  htmlMaxLength,
  OBJECT_ID_PATTERN,
  type PasskeyAuthenticationJson,
  textProblem,
  type TextProblem,
} from '@contract';

import { INVALID_REQUEST } from './read-form';

/**
 * The parts forms' schemas are made of, each with its rule from the contract. A schema states what
 * its form lets a browser send (its builder takes names and constraints from it) and what the web
 * checks itself; what the API judges is sent on, and the API's per-field message is shown.
 */

/**
 * A text field the API judges (a password, an address, a code): text, '' when it is absent, and no
 * longer than its form lets a browser send (`maxLength`, by default the contract's limit as an
 * HTML maxlength: every character of the limit fits). Longer is refused in the API's words.
 */
export function apiText(
  limit: number,
  label: string,
  { trim = false, maxLength = htmlMaxLength(limit) } = {},
) {
  const text = z
    .string({ invalid_type_error: `${label} must be text` })
    .max(maxLength, `${label} must be at most ${limit} characters`);
  return z.preprocess((value) => value ?? '', trim ? text.trim() : text);
}

/** What a checked text field says for each problem (see the contract's textProblem). */
export type TextMessages = Record<Exclude<TextProblem, 'line-break'>, string> & {
  'line-break'?: string;
};

/**
 * A text field the web checks itself before the API does, by the contract's text rule: at most
 * `limit` characters as the contract counts them (code points), never blank, no NUL or lone
 * surrogate, on one line if `oneLine`. `trim`: read (and sent) without surrounding blanks.
 */
export function checkedText(
  limit: number,
  say: TextMessages,
  { oneLine = false, trim = false } = {},
) {
  const text = z.string({ required_error: say.blank, invalid_type_error: say['not-text'] });
  const bounded = (trim ? text.trim() : text).max(htmlMaxLength(limit), say['too-long']);
  return bounded.superRefine((value, context) => {
    // Past the bound the field is too long already, and said so once.
    if (value.length > htmlMaxLength(limit)) return;
    const problem = textProblem(value, { max: limit, oneLine });
    if (problem) context.addIssue({ code: 'custom', message: say[problem] ?? say['not-text'] });
  });
}

/** A hidden flag: set when posted as '1', unset otherwise (and when absent). */
export const flag = z.preprocess((value) => value === '1', z.boolean());

/** A 24-hex id, by the contract's pattern. */
export const objectId = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .regex(OBJECT_ID_PATTERN, message);

/** A name posted any number of times (checkboxes, hidden inputs of a list): its values. */
export const list = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item),
  );

/**
 * What a hidden field holds: a value the page itself wrote, read back as it was ('' when absent),
 * and no longer than such a value can be.
 */
export const hidden = (max: number) =>
  z.preprocess((value) => value ?? '', z.string().max(max, INVALID_REQUEST));

/**
 * A passkey's answer (WebAuthn JSON) as a page's script puts it into a hidden field: the object,
 * or null when there is none or it is not one (the server library checks the rest).
 */
export const passkeyAnswer = z.preprocess((value) => {
  if (typeof value !== 'string' || value === '' || value.length > 65_536) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}, z.custom<PasskeyAuthenticationJson>().nullable());
