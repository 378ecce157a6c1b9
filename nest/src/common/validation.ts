import { applyDecorators, ValidationPipe } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  isEmail,
  IsString,
  Matches,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

import { characterCount, hasLoneSurrogate, OBJECT_ID_PATTERN } from '../contract';

import { validationFailure } from './validation-failure';

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Never let class-transformer turn `"12"` into 12 or `{}` into a string: types must match as sent.
    transformOptions: { enableImplicitConversion: false },
    forbidUnknownValues: true,
    stopAtFirstError: true,
    exceptionFactory: validationFailure,
  });
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what we reject
const NO_NUL = /^[^\u0000]*$/;

/** What JavaScript's trim() removes: every character that makes text blank. */
const BLANK = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/**
 * The text rules as patterns, stated in the OpenAPI document and enforced with the same sources:
 * no NUL (FerretDB cannot store it), and for a required field at least one character that is not
 * blank. Written with \u escapes, which ECMAScript and Python regular expressions read alike.
 */
export const TEXT_PATTERNS = {
  optional: String.raw`^[^\u0000]*$`,
  required: String.raw`^[^\u0000]*[^${BLANK}\u0000][^\u0000]*$`,
} as const;

/**
 * A string field as we accept it from clients: a string (not an object such as `{"$gt": ""}`),
 * at most `max` characters as the contract counts them, no NUL, no lone surrogate, and if required
 * not blank. Checked as sent (the database trims what it stores), so the OpenAPI document states
 * exactly what is accepted: the same numbers and patterns go into it from here.
 */
export function IsText(max: number, options: { required?: boolean } = {}) {
  const { required = true } = options;
  const pattern = required ? TEXT_PATTERNS.required : TEXT_PATTERNS.optional;
  return applyDecorators(
    ApiProperty({
      type: 'string',
      required,
      ...(required ? { minLength: 1 } : {}),
      maxLength: max,
      pattern,
    }),
    IsString(),
    ValidateBy({
      name: 'wellFormedText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !hasLoneSurrogate(value),
        defaultMessage: () =>
          '$property contains a lone surrogate (not Unicode text): it cannot be stored as sent',
      },
    }),
    Matches(NO_NUL, { message: '$property must not contain NUL characters' }),
    ...(required
      ? [Matches(new RegExp(TEXT_PATTERNS.required), { message: '$property should not be empty' })]
      : []),
    ValidateBy({
      name: 'maxCharacters',
      constraints: [max],
      validator: {
        // Code points, as the contract counts them everywhere (class-validator's MaxLength does not).
        validate: (value: unknown) => typeof value === 'string' && characterCount(value) <= max,
        defaultMessage: () => `$property must be at most ${max} characters`,
      },
    }),
  );
}

/**
 * An optional body field: absent, or valid. Unlike IsOptional, `null` is not absent: the document
 * declares a string, and a null is refused as one would be anywhere else.
 */
export const IsAbsentOr = () =>
  ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * An email address, checked only once it is Unicode text (the email check itself would throw on a
 * lone surrogate: a 500 for bad input).
 */
export function IsEmailAddress() {
  return applyDecorators(
    ApiProperty({ format: 'email' }),
    // Addresses are compared trimmed and case-folded (emailKey()); blanks around one are forgiven.
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.trim() : value,
    ),
    ValidateBy({
      name: 'emailAddress',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && !hasLoneSurrogate(value) && isEmail(value),
        defaultMessage: () => '$property must be an email address',
      },
    }),
  );
}

/** An id as the OpenAPI document states it: the contract's one pattern. */
export const OBJECT_ID_SCHEMA = { type: 'string', pattern: OBJECT_ID_PATTERN.source } as const;

/** A 24-hex id (or, with `each`, an array of them), checked with the contract's one pattern. */
export function IsObjectId({ each = false } = {}) {
  return Matches(OBJECT_ID_PATTERN, {
    each,
    message: `${each ? 'each of ' : ''}$property must be a 24-character hexadecimal id`,
  });
}

/** Ids of leads (or admins): an array of 1 to `max` 24-hex ids. */
export function IsIdList(max: number) {
  return applyDecorators(
    IsArray({ message: '$property must be an array of ids' }),
    ArrayMinSize(1, { message: '$property must name at least one id' }),
    ArrayMaxSize(max, { message: `$property must name at most ${max} ids` }),
    IsObjectId({ each: true }),
  );
}

/**
 * Exactly one of this property and `other` is sent. The property's rules apply when it is sent; the
 * one marked `reportsMissing` also answers for a body with neither ("send X or Y").
 */
export function ExactlyOneOf(other: string, { reportsMissing = false } = {}) {
  return applyDecorators(
    ValidateIf((object: Record<string, unknown>, value: unknown) =>
      value !== undefined ? true : reportsMissing && object[other] === undefined,
    ),
    ValidateBy({
      name: 'exactlyOneOf',
      validator: {
        validate: (value: unknown, args) =>
          (value === undefined) !==
          ((args?.object as Record<string, unknown>)[other] === undefined),
        defaultMessage: (args) =>
          args?.value === undefined
            ? `send ${args?.property} or ${other}`
            : `send either ${args?.property} or ${other}, not both`,
      },
    }),
  );
}
