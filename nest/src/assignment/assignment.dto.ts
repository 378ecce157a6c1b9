import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';

import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_RULES,
  type AssignmentRequest,
  type AssignmentRule,
  type AssignmentSettings,
  type AvailabilityRequest,
  LEAD_KIND_KEYS,
} from '../contract';

/*
 * The rules as the OpenAPI document states them. The body is checked whole by assignmentErrors
 * (per field, with the admins that exist), which no JSON Schema states; these only describe it.
 */

const KIND_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['rule', 'admins', 'cap'],
  properties: {
    rule: { type: 'string', enum: [...ASSIGNMENT_RULES] },
    admins: {
      type: 'array',
      maxItems: ASSIGNMENT_LIMITS.admins,
      uniqueItems: true,
      description: 'eligible admins (ids), in rotation order',
      items: { type: 'string', pattern: '^[0-9a-f]{24}$', maxLength: 24 },
    },
    cap: {
      type: 'integer',
      nullable: true,
      minimum: ASSIGNMENT_LIMITS.cap.min,
      maximum: ASSIGNMENT_LIMITS.cap.max,
      description: 'most open leads of the kind an admin is given by the rule; null: no cap',
    },
  },
};

const KINDS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, KIND_SCHEMA])),
};

/** Body of `PUT /settings/assignment`, written out closed and bounded. */
export const ASSIGNMENT_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['assignment'],
  properties: {
    assignment: {
      ...KINDS_SCHEMA,
      description: 'the kinds to change, each whole; a kind left out keeps its rule',
    },
  },
};

/** One kind's rule, as the answer states it. */
export class KindAssignmentDto {
  @ApiProperty({ enum: ASSIGNMENT_RULES }) rule: AssignmentRule;
  @ApiProperty({
    type: 'string',
    isArray: true,
    maxItems: ASSIGNMENT_LIMITS.admins,
    description: 'eligible admins (ids), in rotation order',
  })
  admins: string[];
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: ASSIGNMENT_LIMITS.cap.min,
    maximum: ASSIGNMENT_LIMITS.cap.max,
    description: 'most open leads of the kind an admin is given by the rule; null: no cap',
  })
  cap: number | null;
}

/** Every kind's rule (the kinds are run-time keys). */
export class AssignmentSettingsDto {}
for (const key of LEAD_KIND_KEYS)
  ApiProperty({ type: () => KindAssignmentDto })(AssignmentSettingsDto.prototype, key);

export class AssignmentRequestDto implements AssignmentRequest {
  @ApiProperty({
    type: () => AssignmentSettingsDto,
    description: 'the kinds to change, each whole',
  })
  // Required; what it holds is checked whole, per field, by the controller.
  @ValidateBy({
    name: 'isAssignmentObject',
    validator: {
      validate: (value: unknown) => value !== undefined,
      defaultMessage: () =>
        'assignment is required: {kind: {rule, admins, cap}} for each kind to change',
    },
  })
  assignment: Partial<AssignmentSettings>;
}

export class AssignmentResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AssignmentSettingsDto }) assignment: AssignmentSettings;
}

const instant = (description: string) =>
  ApiPropertyOptional({ type: 'string', format: 'date-time', maxLength: 40, description });

/** Body of `PUT /auth/me/availability`. */
export class AvailabilityRequestDto implements AvailabilityRequest {
  @ApiProperty({ description: 'true: away (the rules skip you); false: available again' })
  @IsBoolean({ message: 'away must be true or false' })
  away: boolean;

  @instant('away from then (a holiday ahead); left out: from now')
  // Left out, not null: the document says a string (IsOptional would let null through).
  @ValidateIf((body: AvailabilityRequestDto) => body.from !== undefined)
  @IsString({ message: 'from must be a date and time (ISO 8601)' })
  @MaxLength(40, { message: 'from must be a date and time (ISO 8601)' })
  from?: string;

  @instant('back then; left out: until you say you are back')
  @ValidateIf((body: AvailabilityRequestDto) => body.until !== undefined)
  @IsString({ message: 'until must be a date and time (ISO 8601)' })
  @MaxLength(40, { message: 'until must be a date and time (ISO 8601)' })
  until?: string;
}

export class AvailabilityDto {
  @ApiProperty() away: boolean;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) from: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) until: string | null;
  @ApiProperty({ description: 'whether the rules skip you right now' }) awayNow: boolean;
}

export class AvailabilityResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AvailabilityDto }) availability: AvailabilityDto;
}
