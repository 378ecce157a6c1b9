import { dictionary } from '@zxcvbn-ts/language-common';

import { FIELD_LIMITS, PASSWORD_MIN_LENGTH } from '../contract';

/**
 * The most common passwords of public breaches (about 49,000, lower-cased), as maintained by the
 * zxcvbn-ts project. Loaded on first use: about 40 ms and 10 MB, once per process.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  return (common ??= new Set(dictionary['passwords-common']));
}

/**
 * What is wrong with a password an admin chooses, or null. One rule for the API's DTOs, the admin
 * CLI and the start-up admin. Length counts characters as a person does (code points), as the
 * DTOs' length checks do. The list is compared case-insensitively: `Password1234` is as guessable
 * as `password1234`.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > FIELD_LIMITS.password) return `must be at most ${FIELD_LIMITS.password} characters`;
  if (commonPasswords().has(password.toLowerCase()))
    return 'is one of the most common passwords in data breaches; choose another';
  return null;
}
