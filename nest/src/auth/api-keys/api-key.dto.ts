import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, ValidateBy, ValidateNested } from 'class-validator';

import {
  CONTROL,
  IsAbsentOr,
  IsText,
  NoControlCharacters,
  OBJECT_ID_SCHEMA,
} from '../../common/validation';
import {
  ADMIN_ROLES,
  API_KEY_NAME_MAX,
  type AdminRole,
  type ApiKeyListResponse,
  type ApiKeySummary,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
  type LeadAccess,
} from '../../contract';
import { AdminRefDto } from '../../leads/core/admin-ref.dto';
import { LeadAccessChangeDto, LeadAccessDto } from '../dto/admin.dto';

/** RFC 3339's date-time (OpenAPI's `date-time`), with a zone. */
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/** Why an expiry is refused, or null: a date and time with a zone, later than now. */
export function expiryProblem(value: unknown, now = Date.now()): string | null {
  if (typeof value !== 'string' || !DATE_TIME.test(value))
    return 'must be an ISO 8601 date and time with a zone, such as 2030-01-31T00:00:00Z';
  const at = Date.parse(value.toUpperCase());
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date.parse rolls 30 February over into March: the day must be one of the month's.
  if (Number.isNaN(at) || day > new Date(Date.UTC(year, month, 0)).getUTCDate())
    return 'is not a real date';
  return at > now ? null : 'must be in the future';
}

export class CreateApiKeyDto implements CreateApiKeyRequest {
  @IsText(API_KEY_NAME_MAX, { oneLine: true, nowhere: CONTROL })
  @NoControlCharacters()
  name: string;

  @ApiProperty({ enum: ADMIN_ROLES, description: 'The key acts as an admin of this role' })
  @IsIn(ADMIN_ROLES, { message: `role must be one of: ${ADMIN_ROLES.join(', ')}` })
  role: AdminRole;

  @ApiPropertyOptional({
    type: () => LeadAccessChangeDto,
    description:
      'Which leads of each kind the key sees, as PATCH /admins/:id takes it; kinds left out have the role’s default for a new admin (owner and manager: all; agent and viewer: none)',
  })
  @IsAbsentOr()
  @IsObject({ message: 'access must be an object' })
  @ValidateNested()
  @Type(() => LeadAccessChangeDto)
  access?: LeadAccessChangeDto;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    // The longest RFC 3339 date-time the check takes: nanoseconds and a numeric zone.
    maxLength: 35,
    description: 'When the key stops working (in the future); left out, it never expires',
  })
  @IsAbsentOr()
  @IsString({ message: 'expiresAt must be a string (ISO 8601)' })
  @ValidateBy({
    name: 'futureDateTime',
    validator: {
      validate: (value: unknown) => expiryProblem(value) === null,
      defaultMessage: (args) => `$property ${expiryProblem(args?.value) ?? 'is invalid'}`,
    },
  })
  expiresAt?: string;
}

export class ApiKeySummaryDto implements ApiKeySummary {
  @ApiProperty(OBJECT_ID_SCHEMA) id: string;
  @ApiProperty({ maxLength: API_KEY_NAME_MAX }) name: string;
  @ApiProperty({ description: 'The key’s first characters, to recognise it by; not a secret' })
  hint: string;
  @ApiProperty({ enum: ADMIN_ROLES }) role: AdminRole;
  @ApiProperty({ type: () => LeadAccessDto }) access: LeadAccess;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: () => AdminRefDto, description: 'The owner who created it' })
  createdBy: AdminRefDto;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'To the minute',
  })
  lastUsedAt: string | null;
}

export class CreateApiKeyResponseDto implements CreateApiKeyResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    pattern: '^bmd_[A-Za-z0-9_-]{43}$',
    description:
      'The key, shown this once (only its hash is stored): send it as `Authorization: Bearer bmd_…`',
  })
  key: string;
  @ApiProperty({ type: () => ApiKeySummaryDto }) apiKey: ApiKeySummaryDto;
}

export class ApiKeyListResponseDto implements ApiKeyListResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ApiKeySummaryDto, isArray: true, description: 'Newest first' })
  apiKeys: ApiKeySummaryDto[];
}
