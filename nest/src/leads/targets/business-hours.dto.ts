import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

import {
  BUSINESS_END_PATTERN,
  BUSINESS_HOURS_LIMITS,
  BUSINESS_TIME_PATTERN,
  type BusinessHours,
  type BusinessHoursRequest,
  type BusinessHoursResponse,
  HOLIDAY_PATTERN,
  WEEKDAYS,
} from '../../contract';

/*
 * The calendar as the OpenAPI document states it. The body is checked whole by
 * businessHoursErrors (per field: a known zone, spans in order and not overlapping, real dates),
 * which no JSON Schema states; these classes only describe it.
 */

export class BusinessSpanDto {
  @ApiProperty({ pattern: BUSINESS_TIME_PATTERN.source, example: '09:00' }) from: string;
  @ApiProperty({
    pattern: BUSINESS_END_PATTERN.source,
    example: '17:00',
    description: 'after from; 24:00 is the end of the day',
  })
  to: string;
}

/** Each weekday's spans; a day left out (or empty) is closed. */
export class BusinessWeekDto {}
for (const day of WEEKDAYS)
  ApiPropertyOptional({
    type: () => BusinessSpanDto,
    isArray: true,
    maxItems: BUSINESS_HOURS_LIMITS.spansPerDay,
    description: 'spans in order, not overlapping',
  })(BusinessWeekDto.prototype, day);

export class BusinessHoursDto {
  @ApiProperty({
    maxLength: BUSINESS_HOURS_LIMITS.timeZoneLength,
    example: 'Europe/Berlin',
    description: 'an IANA time zone; every span and holiday is read in it',
  })
  timeZone: string;
  @ApiProperty({ type: () => BusinessWeekDto }) weekly: BusinessWeekDto;
  @ApiProperty({
    type: 'string',
    isArray: true,
    maxItems: BUSINESS_HOURS_LIMITS.holidays,
    uniqueItems: true,
    items: { type: 'string', format: 'date', pattern: HOLIDAY_PATTERN.source },
    description: 'whole days closed, dates in the zone',
  })
  holidays: string[];
}

const calendar = (description: string) =>
  ApiProperty({ type: () => BusinessHoursDto, nullable: true, description });

const time = (pattern: RegExp) => ({ type: 'string', pattern: pattern.source, maxLength: 5 });
const SPAN_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: { from: time(BUSINESS_TIME_PATTERN), to: time(BUSINESS_END_PATTERN) },
};

/**
 * The body as a schema, written out: every object closed and every string and list bounded, so
 * the document states the widest body a client may send (123 keys: see MAX_BODY_KEYS).
 */
export const BUSINESS_HOURS_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['businessHours'],
  properties: {
    businessHours: {
      type: 'object',
      nullable: true,
      description: 'the whole calendar, or null to count every hour (24/7, the default)',
      additionalProperties: false,
      required: ['timeZone', 'weekly', 'holidays'],
      properties: {
        timeZone: {
          type: 'string',
          minLength: 1,
          maxLength: BUSINESS_HOURS_LIMITS.timeZoneLength,
          example: 'Europe/Berlin',
          description: 'an IANA time zone',
        },
        weekly: {
          type: 'object',
          additionalProperties: false,
          description: 'each day’s spans in order, not overlapping; a day left out is closed',
          properties: Object.fromEntries(
            WEEKDAYS.map((day) => [
              day,
              { type: 'array', maxItems: BUSINESS_HOURS_LIMITS.spansPerDay, items: SPAN_SCHEMA },
            ]),
          ),
        },
        holidays: {
          type: 'array',
          maxItems: BUSINESS_HOURS_LIMITS.holidays,
          uniqueItems: true,
          items: { type: 'string', format: 'date', pattern: HOLIDAY_PATTERN.source, maxLength: 10 },
        },
      },
    },
  },
};

/** Body of `PUT /settings/business-hours`. */
export class BusinessHoursRequestDto implements BusinessHoursRequest {
  @calendar('the whole calendar, or null to count every hour (24/7, the default)')
  // Required (null is a value); what it holds is checked whole, per field, by the controller.
  @ValidateBy({
    name: 'isCalendarOrNull',
    validator: {
      validate: (value: unknown) => value !== undefined,
      defaultMessage: () =>
        'businessHours is required: a calendar {timeZone, weekly, holidays}, or null for 24/7',
    },
  })
  businessHours: BusinessHours | null;
}

export class BusinessHoursResponseDto implements BusinessHoursResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @calendar('null: every hour counts (24/7)') businessHours: BusinessHours | null;
}
