import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, ValidateBy } from 'class-validator';

import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_MAX_LENGTH, timeZoneChoices } from '../contract';

const MESSAGE = 'tz must be an IANA time zone such as Europe/Berlin';

/** `?tz=`: an IANA zone the platform knows, UTC when left out. One rule for every query taking it. */
export const IsTimeZoneQuery = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      default: DEFAULT_TIME_ZONE,
      example: 'Europe/Berlin',
      maxLength: TIME_ZONE_MAX_LENGTH,
      // The zones the platform knows: a schema that says which (a pattern could not).
      enum: [...timeZoneChoices()],
    }),
    IsOptional(),
    ValidateBy({
      name: 'isTimeZone',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
        defaultMessage: () => MESSAGE,
      },
    }),
    IsString({ message: MESSAGE }),
  );
