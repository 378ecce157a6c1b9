import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, ValidateNested } from 'class-validator';

import {
  AtLeastOneOf,
  IsAbsentOr,
  IsEmailAddress,
  OBJECT_ID_SCHEMA,
} from '../../common/validation';
import {
  ADMIN_ROLES,
  LEAD_ACCESS_LEVELS,
  LEAD_KIND_KEYS,
  type LeadAccess,
  type LeadAccessChange,
  type LeadAccessLevel,
  type LeadKindKey,
  type AdminRole,
  type AdminSummary,
  type CreateAdminRequest,
  type MeResponse,
  NEW_ADMIN_ROLE,
  PERMISSION_NAMES,
  type Permission,
  type UpdateAdminRequest,
} from '../../contract';

import { IsNewPassword } from './new-password.decorator';

const ROLE_MESSAGE = `role must be one of: ${ADMIN_ROLES.join(', ')}`;

export class CreateAdminDto implements CreateAdminRequest {
  @IsEmailAddress({ example: 'colleague@example.com' })
  email: string;

  @IsNewPassword('The initial password; the new admin must change it at first sign-in.')
  password: string;

  @ApiPropertyOptional({ enum: ADMIN_ROLES, default: NEW_ADMIN_ROLE })
  @IsAbsentOr()
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role?: AdminRole;
}

const LEVEL_MESSAGE = `must be one of: ${LEAD_ACCESS_LEVELS.join(', ')}`;

/** The kinds an access change names, each `all`, `assigned` or `none`. */
export class LeadAccessKindsDto {}
for (const kind of LEAD_KIND_KEYS)
  applyDecorators(
    ApiPropertyOptional({ enum: LEAD_ACCESS_LEVELS, description: `Which ${kind} leads they see` }),
    IsAbsentOr(),
    IsIn(LEAD_ACCESS_LEVELS, { message: `${kind} ${LEVEL_MESSAGE}` }),
  )(LeadAccessKindsDto.prototype, kind);

export class LeadAccessChangeDto implements LeadAccessChange {
  @ApiPropertyOptional({
    type: () => LeadAccessKindsDto,
    description: 'Per kind: all, assigned (theirs) or none; kinds left out stay as they are',
  })
  @IsAbsentOr()
  @IsObject({ message: 'kinds must be an object' })
  @ValidateNested()
  @Type(() => LeadAccessKindsDto)
  kinds?: Partial<Record<LeadKindKey, LeadAccessLevel>>;

  @ApiPropertyOptional({ description: 'With assigned: the leads nobody owns are seen too' })
  @IsAbsentOr()
  @IsBoolean({ message: 'seeUnassigned must be true or false' })
  seeUnassigned?: boolean;
}

export class UpdateAdminDto implements UpdateAdminRequest {
  @ApiPropertyOptional({ enum: ADMIN_ROLES, description: 'The admin’s new role' })
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  @AtLeastOneOf('access', 'send role, access or both')
  role?: AdminRole;

  @ApiPropertyOptional({
    type: () => LeadAccessChangeDto,
    description: 'Which leads of each kind they see',
  })
  @IsAbsentOr()
  @IsObject({ message: 'access must be an object' })
  @ValidateNested()
  @Type(() => LeadAccessChangeDto)
  access?: LeadAccessChangeDto;
}

/** An admin's access to leads, as answered. */
export class LeadAccessDto implements LeadAccess {
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(
      LEAD_KIND_KEYS.map((kind) => [kind, { type: 'string', enum: [...LEAD_ACCESS_LEVELS] }]),
    ),
    required: [...LEAD_KIND_KEYS],
    description: 'Per kind: all, assigned (theirs, and nobody’s with seeUnassigned) or none',
  })
  kinds: Record<LeadKindKey, LeadAccessLevel>;
  @ApiProperty() seeUnassigned: boolean;
}

export class AdminSummaryDto implements AdminSummary {
  @ApiProperty(OBJECT_ID_SCHEMA) id: string;
  @ApiProperty({ description: 'As signed in with: trimmed and lower-cased' }) email: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Still on the initial password another admin set' })
  mustChangePassword: boolean;
  @ApiProperty({ enum: ADMIN_ROLES }) role: AdminRole;
  @ApiProperty({ type: () => LeadAccessDto }) access: LeadAccess;
}

export class AdminListResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AdminSummaryDto, isArray: true }) admins: AdminSummaryDto[];
}

export class CreateAdminResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AdminSummaryDto }) admin: AdminSummaryDto;
}

export class UpdateAdminResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AdminSummaryDto }) admin: AdminSummaryDto;
}

export class MeResponseDto implements MeResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty(OBJECT_ID_SCHEMA) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ADMIN_ROLES }) role: AdminRole;
  @ApiProperty({ type: () => LeadAccessDto }) access: LeadAccess;
  @ApiProperty({ enum: PERMISSION_NAMES, isArray: true }) permissions: Permission[];
  @ApiProperty({ type: String, nullable: true }) timeZone: string | null;
}
