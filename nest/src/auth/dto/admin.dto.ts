import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

import { IsAbsentOr, IsEmailAddress, OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  ADMIN_ROLES,
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

export class UpdateAdminDto implements UpdateAdminRequest {
  // Required while it is the only change this call makes (per-kind access comes later).
  @ApiProperty({ enum: ADMIN_ROLES, description: 'The admin’s new role' })
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role: AdminRole;
}

export class AdminSummaryDto implements AdminSummary {
  @ApiProperty(OBJECT_ID_SCHEMA) id: string;
  @ApiProperty({ description: 'As signed in with: trimmed and lower-cased' }) email: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Still on the initial password another admin set' })
  mustChangePassword: boolean;
  @ApiProperty({ enum: ADMIN_ROLES }) role: AdminRole;
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
  @ApiProperty({ enum: PERMISSION_NAMES, isArray: true }) permissions: Permission[];
  @ApiProperty({ type: String, nullable: true }) timeZone: string | null;
}
