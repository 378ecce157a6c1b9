import { HttpStatus, type ValidationError } from '@nestjs/common';

import { ApiError } from './api-error';

/** How many unknown fields an answer names before it only counts the rest. */
export const NAMED_UNKNOWN_FIELDS = 5;

/** class-validator's constraint for a property no DTO declares (whitelist + forbidNonWhitelisted). */
const UNKNOWN_FIELD = 'whitelistValidation';

interface FieldFailure {
  path: string;
  constraints: Record<string, string>;
}

/** class-validator's tree as a list of `field.sub` paths with their constraints (no recursion). */
function fieldFailures(errors: ValidationError[]): FieldFailure[] {
  const out: FieldFailure[] = [];
  const pending = errors.map((error) => ({ error, path: error.property })).reverse();
  while (pending.length > 0) {
    const { error, path } = pending.pop() as (typeof pending)[number];
    if (error.constraints) out.push({ path, constraints: error.constraints });
    for (const child of [...(error.children ?? [])].reverse())
      pending.push({ error: child, path: `${path}.${child.property}` });
  }
  return out;
}

/**
 * The 400 for a body that failed validation: each declared field's messages, and the unknown
 * fields summed up (named up to NAMED_UNKNOWN_FIELDS, then counted), so the answer stays small
 * however many keys were sent.
 */
export function validationFailure(errors: ValidationError[]): ApiError {
  const failures = fieldFailures(errors);
  const unknown = failures.filter((f) => UNKNOWN_FIELD in f.constraints);
  const known = failures.filter((f) => !(UNKNOWN_FIELD in f.constraints));
  const named = unknown.slice(0, NAMED_UNKNOWN_FIELDS);
  const messages = known.map((f) => Object.values(f.constraints)[0]);
  if (unknown.length) {
    const more = unknown.length - named.length;
    const names = named.map((f) => f.path).join(', ');
    messages.push(
      `unknown field${unknown.length > 1 ? 's' : ''} sent: ${names}${more ? ` and ${more} more` : ''}`,
    );
  }
  const fields = Object.fromEntries(
    [...known, ...named].map((f) => [f.path, Object.values(f.constraints)]),
  );
  return new ApiError(HttpStatus.BAD_REQUEST, messages.join('; ') || 'Invalid request', fields);
}
