import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';

import { IsAbsentOr, IsEmailAddress, IsText } from '../../common/validation';
import { FIELD_LIMITS, INTAKE_PROOF_MAX_LENGTH, type LeadKindDescriptor } from '../../contract';

import { IsLeadSource, LeadSourceDto } from './lead-source.dto';

/** A phone number as people type it: digits and the usual separators; required as the kind says. */
export function IsPhoneNumber({ phoneRequired: required }: LeadKindDescriptor) {
  return applyDecorators(
    ...(required
      ? [ApiProperty({ maxLength: FIELD_LIMITS.phone_number })]
      : [ApiPropertyOptional({ maxLength: FIELD_LIMITS.phone_number })]),
    ...(required ? [] : [IsAbsentOr()]),
    IsText(FIELD_LIMITS.phone_number, { required }),
    Matches(/^[0-9+()\-.\s/x]*$/, {
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
