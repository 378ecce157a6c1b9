import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/**
 * An environment variable holding a whole number from `min` (to `max`), one message for every way
 * it can be wrong. Only text of digits reaches the checks as a number; unset or empty keeps the
 * default.
 */
export function WholeNumber(message: string, min: number, max?: number) {
  return applyDecorators(
    Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value))),
    ...(max === undefined ? [] : [Max(max, { message })]),
    Min(min, { message }),
    IsInt({ message }),
  );
}
