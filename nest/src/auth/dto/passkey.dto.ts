import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, ValidateBy } from 'class-validator';

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

/** A credential id in a path or an answer, as the OpenAPI document states it. */
export const PASSKEY_ID_SCHEMA = { type: 'string', pattern: PASSKEY_ID_PATTERN.source } as const;

/** The longest base64url field of an answer taken (attestation objects are the big ones). */
const FIELD_MAX = 16_384;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const TRANSPORTS_MAX = 8;
const TRANSPORT_MAX = 32;

type FieldRule = { required: boolean; base64url?: boolean; pattern?: RegExp; max?: number };

/** The fields of WebAuthn's JSON forms that the API reads: their rules, stated once. */
const OUTER = {
  id: { required: true, pattern: PASSKEY_ID_PATTERN },
  rawId: { required: true, pattern: PASSKEY_ID_PATTERN },
  authenticatorAttachment: { required: false, pattern: /^[a-z-]{0,32}$/ },
} satisfies Record<string, FieldRule>;
const INNER = {
  registration: {
    clientDataJSON: { required: true, base64url: true },
    attestationObject: { required: true, base64url: true },
  },
  authentication: {
    clientDataJSON: { required: true, base64url: true },
    authenticatorData: { required: true, base64url: true },
    signature: { required: true, base64url: true },
    userHandle: { required: false, base64url: true },
  },
} satisfies Record<string, Record<string, FieldRule>>;
type Kind = keyof typeof INNER;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldProblem(name: string, value: unknown, rule: FieldRule): string | null {
  if (value === undefined) return rule.required ? `${name} is missing` : null;
  if (typeof value !== 'string') return `${name} must be a string`;
  const pattern = rule.pattern ?? (rule.base64url ? BASE64URL : null);
  if (value.length > (rule.max ?? FIELD_MAX)) return `${name} is too long`;
  if (pattern && !pattern.test(value))
    return `${name} must match ${rule.base64url ? 'base64url' : pattern.source}`;
  return null;
}

/** What is wrong with the outline of a WebAuthn answer, or null (the library checks the rest). */
function answerProblem(value: unknown, kind: Kind): string | null {
  if (!isRecord(value)) return 'must be an object';
  for (const [name, rule] of Object.entries<FieldRule>(OUTER)) {
    const problem = fieldProblem(name, value[name], rule);
    if (problem) return problem;
  }
  if (value.type !== 'public-key') return 'type must be public-key';
  if (!isRecord(value.clientExtensionResults)) return 'clientExtensionResults must be an object';
  const response = value.response;
  if (!isRecord(response)) return 'response must be an object';
  for (const [name, rule] of Object.entries<FieldRule>(INNER[kind])) {
    const problem = fieldProblem(`response.${name}`, response[name], rule);
    if (problem) return problem;
  }
  const transports = response.transports;
  if (
    transports !== undefined &&
    !(
      Array.isArray(transports) &&
      transports.length <= TRANSPORTS_MAX &&
      transports.every((t) => typeof t === 'string' && t.length <= TRANSPORT_MAX)
    )
  )
    return `response.transports must be a list of at most ${TRANSPORTS_MAX} strings of at most ${TRANSPORT_MAX} characters`;
  return null;
}

/** A documented field of an answer, with the rule it is checked by. */
const Field = (rule: FieldRule) =>
  (rule.required ? ApiProperty : ApiPropertyOptional)({
    type: 'string',
    pattern: (rule.pattern ?? BASE64URL).source,
    maxLength: rule.max ?? FIELD_MAX,
  });

// The answers' outlines for the OpenAPI document (checked by answerProblem, with the same rules).
class AttestationFieldsDto {
  @Field(INNER.registration.clientDataJSON) clientDataJSON: string;
  @Field(INNER.registration.attestationObject) attestationObject: string;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', maxLength: TRANSPORT_MAX },
    maxItems: TRANSPORTS_MAX,
    description: 'usb, nfc, internal, hybrid…',
  })
  transports?: string[];
}
class AssertionFieldsDto {
  @Field(INNER.authentication.clientDataJSON) clientDataJSON: string;
  @Field(INNER.authentication.authenticatorData) authenticatorData: string;
  @Field(INNER.authentication.signature) signature: string;
  @Field(INNER.authentication.userHandle) userHandle?: string;
}
class AnswerDto {
  @Field(OUTER.id) id: string;
  @Field(OUTER.rawId) rawId: string;
  @ApiProperty({ enum: ['public-key'] }) type: 'public-key';
  @ApiProperty({ type: 'object', additionalProperties: true })
  clientExtensionResults: Record<string, unknown>;
  @Field(OUTER.authenticatorAttachment) authenticatorAttachment?: string;
}
class RegistrationAnswerDto extends AnswerDto {
  @ApiProperty({ type: () => AttestationFieldsDto }) response: AttestationFieldsDto;
}
class AuthenticationAnswerDto extends AnswerDto {
  @ApiProperty({ type: () => AssertionFieldsDto }) response: AssertionFieldsDto;
}
const ANSWER_DTOS = {
  registration: RegistrationAnswerDto,
  authentication: AuthenticationAnswerDto,
};

/** A WebAuthn answer (PublicKeyCredential.toJSON()) of the given kind, its outline checked. */
function IsPasskeyAnswer(kind: Kind, description: string, isRequired = true) {
  return applyDecorators(
    (isRequired ? ApiProperty : ApiPropertyOptional)({
      type: () => ANSWER_DTOS[kind],
      description,
    }),
    IsObject({ message: '$property must be an object (PublicKeyCredential.toJSON())' }),
    ValidateBy({
      name: 'passkeyAnswer',
      validator: {
        validate: (value: unknown) => answerProblem(value, kind) === null,
        defaultMessage: (args) => `$property ${answerProblem(args?.value, kind) ?? 'is invalid'}`,
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
