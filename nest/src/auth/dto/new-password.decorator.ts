import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

import { IsText } from '../../common/validation';
import { FIELD_LIMITS, PASSWORD_MIN_LENGTH } from '../../contract';
import { passwordProblem } from '../password-policy';

/** A password an admin chooses: text, then the password policy (length, not a common one). */
export function IsNewPassword(description: string) {
  return applyDecorators(
    // First: its own ApiProperty (minLength 1) is applied before, and overridden by, the one below.
    IsText(FIELD_LIMITS.password),
    ApiProperty({
      format: 'password',
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: FIELD_LIMITS.password,
      description: `${description} At least ${PASSWORD_MIN_LENGTH} characters, not one of the most common breached passwords.`,
    }),
    ValidateBy({
      name: 'passwordPolicy',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && passwordProblem(value) === null,
        defaultMessage: (args) =>
          `${args?.property} ${passwordProblem(String(args?.value)) ?? 'is not allowed'}`,
      },
    }),
  );
}
