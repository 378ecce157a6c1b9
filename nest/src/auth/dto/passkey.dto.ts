import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, ValidateBy } from 'class-validator';

import { namedSchema } from '../../common/named-schemas';
import { IsAbsentOr, IsText } from '../../common/validation';
import {
  FIELD_LIMITS,
  MFA_FIELD_MAX,
  PASSKEY_ID_PATTERN,
  PASSKEY_NAME_MAX,
  type PasskeyChallengeRequest,
  type PasskeyListResponse,
  type PasskeyOptionsResponse,
  type PasskeyRegisterRequest,
  type PasskeyRegisterResponse,
  type PasskeyRegistrationJson,
  type PasskeyRegistrationOptionsRequest,
  type PasskeyRenameRequest,
  type PasskeyResponse,
  type PasskeySummary,
  RECOVERY_CODE_COUNT,
} from '../../contract';

import { type PasskeyAnswerKind, PASSKEY_ANSWER_SCHEMAS, schemaProblem } from './passkey-answer';

/** A credential id in a path or an answer, as the OpenAPI document states it. */
export const PASSKEY_ID_SCHEMA = { type: 'string', pattern: PASSKEY_ID_PATTERN.source } as const;

/** A WebAuthn answer (PublicKeyCredential.toJSON()) of the given kind, its outline checked. */
function IsPasskeyAnswer(kind: PasskeyAnswerKind, description: string, isRequired = true) {
  const schema = PASSKEY_ANSWER_SCHEMAS[kind];
  const $ref = namedSchema(
    `Passkey${kind === 'registration' ? 'Registration' : 'Authentication'}Answer`,
    schema,
  );
  return applyDecorators(
    // A type, or Nest's explorer takes the missing one for a circular import (as nullableAdminRef).
    (isRequired ? ApiProperty : ApiPropertyOptional)({
      type: Object,
      allOf: [{ $ref }],
      description,
    }),
    IsObject({ message: '$property must be an object (PublicKeyCredential.toJSON())' }),
    ValidateBy({
      name: 'passkeyAnswer',
      validator: {
        validate: (value: unknown) => schemaProblem(value, schema) === null,
        defaultMessage: (args) => `$property ${schemaProblem(args?.value, schema) ?? 'is invalid'}`,
      },
    }),
  );
}

/** The answer of `navigator.credentials.get()` to the challenge of a passkey-options call. */
export const IsPasskeyAuthentication = (description: string, isRequired = true) =>
  IsPasskeyAnswer('authentication', description, isRequired);

export class PasskeyRegistrationOptionsDto implements PasskeyRegistrationOptionsRequest {
  @ApiPropertyOptional({
    format: 'password',
    description: 'Your password: required while you have no second factor',
  })
  @IsAbsentOr()
  @IsText(FIELD_LIMITS.password)
  password?: string;
}

export class PasskeyOptionsResponseDto implements PasskeyOptionsResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'WebAuthn options in their JSON form, for PublicKeyCredential.parseCreationOptionsFromJSON() / parseRequestOptionsFromJSON() or @simplewebauthn/browser; the challenge is good for one answer within 5 minutes',
  })
  options: Record<string, unknown>;
}

export class PasskeyRegisterDto implements PasskeyRegisterRequest {
  @IsText(PASSKEY_NAME_MAX, { oneLine: true })
  name: string;

  @IsPasskeyAnswer(
    'registration',
    'The answer of navigator.credentials.create() (PublicKeyCredential.toJSON())',
  )
  response: PasskeyRegistrationJson;
}

export class PasskeyRenameDto implements PasskeyRenameRequest {
  @IsText(PASSKEY_NAME_MAX, { oneLine: true })
  name: string;
}

export class PasskeySummaryDto implements PasskeySummary {
  @ApiProperty({ ...PASSKEY_ID_SCHEMA, description: 'The credential id (base64url)' }) id: string;
  @ApiProperty({ maxLength: PASSKEY_NAME_MAX }) name: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsedAt: string | null;
}

export class PasskeyResponseDto implements PasskeyResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => PasskeySummaryDto }) passkey: PasskeySummaryDto;
}

export class PasskeyRegisterResponseDto implements PasskeyRegisterResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => PasskeySummaryDto }) passkey: PasskeySummaryDto;
  @ApiPropertyOptional({
    type: [String],
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: 'With your first second factor, when you have none: shown this once',
  })
  recoveryCodes?: string[];
}

export class PasskeyListResponseDto implements PasskeyListResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => PasskeySummaryDto, isArray: true }) passkeys: PasskeySummaryDto[];
}

export class PasskeyChallengeDto implements PasskeyChallengeRequest {
  @ApiProperty({ description: 'From the sign-in’s answer', maxLength: MFA_FIELD_MAX })
  @IsText(MFA_FIELD_MAX)
  mfaToken: string;
}
