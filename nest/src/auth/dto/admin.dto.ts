import { ApiProperty } from '@nestjs/swagger';

import { IsEmailAddress, OBJECT_ID_SCHEMA } from '../../common/validation';
import { type AdminSummary, type CreateAdminRequest } from '../../contract';

import { IsNewPassword } from './new-password.decorator';

export class CreateAdminDto implements CreateAdminRequest {
  @IsEmailAddress({ example: 'colleague@example.com' })
  email: string;

  @IsNewPassword('The initial password; the new admin must change it at first sign-in.')
  password: string;
}

export class AdminSummaryDto implements AdminSummary {
  @ApiProperty(OBJECT_ID_SCHEMA) id: string;
  @ApiProperty({ description: 'As signed in with: trimmed and lower-cased' }) email: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Still on the initial password another admin set' })
  mustChangePassword: boolean;
}

export class AdminListResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AdminSummaryDto, isArray: true }) admins: AdminSummaryDto[];
}

export class CreateAdminResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AdminSummaryDto }) admin: AdminSummaryDto;
}
