import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

import { isTimeZoneChoice, timeZoneChoices, type TimeZoneRequest } from '../../contract';

const MESSAGE = 'timeZone must be an IANA time zone from the list (such as Europe/Berlin), or null';

export class TimeZoneDto implements TimeZoneRequest {
  @ApiProperty({
    type: String,
    nullable: true,
    // OpenAPI 3.0 holds a nullable enum to its values: null is one of them.
    enum: [...timeZoneChoices(), null],
    description: "The zone the admin's dates are shown in; null to follow the browser's zone",
  })
  // One rule for absent, wrong type and unknown zone: the key is required, its value one of these.
  @ValidateBy({
    name: 'isTimeZoneChoice',
    validator: {
      validate: (value: unknown) => value === null || isTimeZoneChoice(value),
      defaultMessage: () => MESSAGE,
    },
  })
  timeZone: string | null;
}

export class TimeZoneResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: String, nullable: true }) timeZone: string | null;
}
