import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';

import { BLANK, IsAbsentOr, IsEmailAddress, IsText } from '../../common/validation';
import { FIELD_LIMITS, INTAKE_PROOF_MAX_LENGTH, type LeadKindDescriptor } from '../../contract';

import { IsLeadSource, LeadSourceDto } from './lead-source.dto';

/** What a phone number may hold besides blanks: digits and the separators people type. */
const PHONE_CHARACTER = String.raw`0-9+()./x\-`;
/**
 * A phone number's patterns, as the OpenAPI document states them: the characters above and blanks,
 * and when required at least one that is not blank (what IsText checks besides). Written with \u
 * escapes (BLANK), which ECMAScript and Python regular expressions read alike.
 */
export const PHONE_PATTERNS = {
  optional: `^[${PHONE_CHARACTER}${BLANK}]*$`,
  required: `^[${PHONE_CHARACTER}${BLANK}]*[${PHONE_CHARACTER}][${PHONE_CHARACTER}${BLANK}]*$`,
} as const;

/** A phone number as people type it: digits and the usual separators; required as the kind says. */
export function IsPhoneNumber({ phoneRequired: required }: LeadKindDescriptor) {
  return applyDecorators(
    ...(required ? [] : [IsAbsentOr()]),
    IsText(FIELD_LIMITS.phone_number, { required }),
    // After IsText: the document states the one pattern both checks make together.
    (required ? ApiProperty : ApiPropertyOptional)({
      maxLength: FIELD_LIMITS.phone_number,
      pattern: required ? PHONE_PATTERNS.required : PHONE_PATTERNS.optional,
    }),
    Matches(new RegExp(PHONE_PATTERNS.optional), {
      message: 'phone_number may contain only digits, spaces and + ( ) - . / x',
    }),
  );
}

/** Fields every intake form sends. Each kind's DTO adds its own text field and phone rule. */
export class CreateLeadBaseDto {
  @ApiProperty({ maxLength: FIELD_LIMITS.name })
  @IsText(FIELD_LIMITS.name)
  name: string;

  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({
    description: 'Honeypot: leave empty. Submissions that fill it are dropped.',
  })
  @IsAbsentOr()
  @IsText(FIELD_LIMITS.name, { required: false })
  website?: string;

  @IsLeadSource()
  source?: LeadSourceDto;

  @ApiPropertyOptional({
    description:
      'A solved challenge of GET /intake/challenge: base64 of the JSON {challenge, solution} (the ALTCHA v2 payload). One use per challenge.',
    maxLength: INTAKE_PROOF_MAX_LENGTH,
  })
  @IsAbsentOr()
  @IsText(INTAKE_PROOF_MAX_LENGTH, { required: false })
  altcha?: string;
}

export class CreateLeadResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'The new lead’s _id' }) id: string;
}
