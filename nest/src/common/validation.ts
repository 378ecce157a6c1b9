import { applyDecorators, ValidationPipe } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsString,
  Matches,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

import {
  characterCount,
  FIELD_LIMITS,
  hasLoneSurrogate,
  OBJECT_ID_PATTERN,
  TEXT_RULES,
} from '../contract';

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

/** What JavaScript's trim() removes, and its `\s` matches: every character that makes text blank. */
export const BLANK = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/**
 * The text rules as patterns, stated in the OpenAPI document and enforced with the same sources:
 * no NUL (FerretDB cannot store it), and for a required field at least one character that is not
 * blank. Written with \u escapes, which ECMAScript and Python regular expressions read alike.
 */
export const TEXT_PATTERNS = {
  optional: String.raw`^[^\u0000]*$`,
  required: String.raw`^[^\u0000]*[^${BLANK}\u0000][^\u0000]*$`,
  /** Required and on one line: what becomes a mail header (a reply's subject) holds no CR or LF. */
  oneLine: String.raw`^[^\u0000\r\n]*[^${BLANK}\u0000][^\u0000\r\n]*$`,
} as const;

const NO_LINE_BREAK = /^[^\r\n]*$/;

/**
 * A string field as we accept it from clients: a string (not an object such as `{"$gt": ""}`),
 * at most `max` characters as the contract counts them, no NUL, no lone surrogate, and if required
 * not blank. Checked as sent (the database trims what it stores), so the OpenAPI document states
 * exactly what is accepted: the same numbers and patterns go into it from here.
 */
export function IsText(
  max: number,
  options: { required?: boolean; oneLine?: boolean; nowhere?: string } = {},
) {
  const { required = true, oneLine = false, nowhere } = options;
  const base = oneLine
    ? TEXT_PATTERNS.oneLine
    : required
      ? TEXT_PATTERNS.required
      : TEXT_PATTERNS.optional;
  return applyDecorators(
    ApiProperty({
      type: 'string',
      required,
      ...(required ? { minLength: 1 } : {}),
      maxLength: max,
      pattern: base,
      // `nowhere`: text the field may not hold anywhere (its own validator words the refusal);
      // stated in the document too, so a body the document allows is one the server takes. A
      // `not` rather than a lookahead in `pattern`: the contract run cannot generate for those.
      ...(nowhere ? { not: { pattern: nowhere } } : {}),
    }),
    IsString({ message: `$property ${TEXT_RULES.notText}` }),
    ValidateBy({
      name: 'wellFormedText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !hasLoneSurrogate(value),
        defaultMessage: () => `$property ${TEXT_RULES.loneSurrogate}`,
      },
    }),
    Matches(NO_NUL, { message: `$property ${TEXT_RULES.nul}` }),
    ...(oneLine ? [Matches(NO_LINE_BREAK, { message: `$property ${TEXT_RULES.lineBreak}` })] : []),
    ...(required
      ? [Matches(new RegExp(TEXT_PATTERNS.required), { message: `$property ${TEXT_RULES.blank}` })]
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

/** Characters of an address's local part: RFC 5322's atext, and letters beyond ASCII (RFC 6531). */
const LOCAL = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~\u00a1-\ud7ff\uf900-\ufdcf\ufdf0-\uffef-]`;
/** Characters of a domain label: letters, digits, and letters beyond ASCII (internationalized). */
const LABEL = String.raw`[A-Za-z0-9\u00a1-\ud7ff\uf900-\ufdcf\ufdf0-\uffef]`;
const LETTER = String.raw`[A-Za-z\u00a1-\ud7ff\uf900-\ufdcf\ufdf0-\uffef]`;
/**
 * The addresses the API takes, stated in the OpenAPI document as this pattern (not `format: email`,
 * which admits `0@0.a`, `ada@localhost` or `"a b"@[127.0.0.1]`: addresses no reply reaches, so a
 * typo the visitor could still fix would become a lost lead). A dot-atom local part; a domain of at
 * least two labels of at most 63 characters, no hyphen at either end; a top-level label of letters
 * (two or more) or an IDN's `xn--` form. Blanks around it are forgiven (addresses are compared
 * trimmed, emailKey()). Lone surrogates, astral characters and NUL are outside every class. Written
 * with \u escapes and without look-arounds, so ECMAScript, Python and schemathesis's generator read
 * it alike.
 */
export const EMAIL_PATTERN =
  `^[${BLANK}]*` +
  `${LOCAL}+(\\.${LOCAL}+)*` +
  `@(${LABEL}(${LABEL}|-){0,61}${LABEL}\\.|${LABEL}\\.)+` +
  `(${LETTER}{2,63}|[Xx][Nn]--[A-Za-z0-9]([A-Za-z0-9-]{0,57}[A-Za-z0-9])?)` +
  `[${BLANK}]*$`;
const EMAIL = new RegExp(EMAIL_PATTERN);

function emailProblem(value: string): string | null {
  if (characterCount(value) > FIELD_LIMITS.email)
    return `must be at most ${FIELD_LIMITS.email} characters`;
  return EMAIL.test(value) ? null : TEXT_RULES.email;
}

/**
 * An email address field, whole: a string matching EMAIL_PATTERN of at most FIELD_LIMITS.email
 * characters, checked as sent (the OpenAPI document says exactly this; services trim and case-fold).
 */
export function IsEmailAddress(options: { example?: string } = {}) {
  return applyDecorators(
    ApiProperty({
      type: 'string',
      maxLength: FIELD_LIMITS.email,
      pattern: EMAIL_PATTERN,
      ...(options.example ? { example: options.example } : {}),
    }),
    IsString({ message: `$property ${TEXT_RULES.notText}` }),
    ValidateBy({
      name: 'emailAddress',
      validator: {
        // The length first: the pattern never runs on more than a field's worth of text.
        validate: (value: unknown) => typeof value === 'string' && emailProblem(value) === null,
        defaultMessage: (args) => `$property ${emailProblem(String(args?.value)) ?? 'is invalid'}`,
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

/** A rule across two properties of a body, which its OpenAPI schema states (openapi-exact.ts). */
export interface PairRule {
  /** `exactly-one`: one of the two, never both (oneOf); `at-least-one`: either or both (anyOf). */
  rule: 'exactly-one' | 'at-least-one';
  properties: readonly [string, string];
}

const pairRules = new Map<object, PairRule>();

/** The pair rules of the bodies' classes, by class name (as the document names their schemas). */
export function pairRulesByName(): Map<string, PairRule> {
  return new Map([...pairRules].map(([cls, rule]) => [(cls as { name: string }).name, rule]));
}

/** Records the pair once per class (both of its properties declare it). */
const declarePair =
  (rule: PairRule['rule'], other: string): PropertyDecorator =>
  (target, property) => {
    if (!pairRules.has(target.constructor))
      pairRules.set(target.constructor, { rule, properties: [String(property), other] });
  };

/**
 * Exactly one of this property and `other` is sent. The property's rules apply when it is sent; the
 * one marked `reportsMissing` also answers for a body with neither ("send X or Y").
 */
export function ExactlyOneOf(other: string, { reportsMissing = false } = {}) {
  return applyDecorators(
    declarePair('exactly-one', other),
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

/**
 * This property, `other` or both are sent; absent, this property answers for the body with
 * `message`. Put it last (nearest the property): its check comes first. Instead of IsAbsentOr.
 */
export function AtLeastOneOf(other: string, message: string) {
  return applyDecorators(
    declarePair('at-least-one', other),
    ValidateIf(
      (object: Record<string, unknown>, value: unknown) =>
        value !== undefined || object[other] === undefined,
    ),
    ValidateBy({
      name: 'atLeastOneOf',
      validator: {
        validate: (value: unknown) => value !== undefined,
        defaultMessage: () => message,
      },
    }),
  );
}

/** C0 and C1 control characters and DEL: a name on a list (a key's, a view's) is one plain line. */
export const CONTROL = String.raw`[\u0000-\u001f\u007f-\u009f]`;
const CONTROL_RE = new RegExp(CONTROL);

export const NoControlCharacters = () =>
  ValidateBy({
    name: 'noControlCharacters',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !CONTROL_RE.test(value),
      defaultMessage: () => '$property must not hold control characters (tabs, line breaks…)',
    },
  });
