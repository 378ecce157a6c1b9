import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';

import { LEAD_KIND_KEYS, RESPONSE_TARGET_MINUTES, type ResponseTargets } from '../../contract';

const { min, max } = RESPONSE_TARGET_MINUTES;
const message = (key: string) => `${key} must be whole minutes from ${min} to ${max}`;

/** Minutes to the first reply, as a body and an answer name them: one property per kind. */
const target = (key: string, required: boolean) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: 'integer',
      minimum: min,
      maximum: max,
      description: 'minutes to the first reply',
    }),
    ...(required
      ? []
      : [
          // Left out, a kind keeps its target; null is no target (refused, not left out).
          ValidateIf((_object: object, value: unknown) => value !== undefined),
          IsInt({ message: message(key) }),
          Min(min, { message: message(key) }),
        ]),
    ...(required ? [] : [Max(max, { message: message(key) })]),
  );

/** Body of `PUT /settings/response-targets`: one or more kinds' targets (the kinds are run-time keys). */
export class ResponseTargetsRequestDto {}
/** Every kind's target. */
export class ResponseTargetsDto {}
for (const key of LEAD_KIND_KEYS) {
  target(key, false)(ResponseTargetsRequestDto.prototype, key);
  target(key, true)(ResponseTargetsDto.prototype, key);
}

export class ResponseTargetsResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ResponseTargetsDto }) targets: ResponseTargets;
}
