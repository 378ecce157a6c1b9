import { ApiProperty } from '@nestjs/swagger';

import { IsEmailAddress, IsText, OBJECT_ID_SCHEMA } from '../../common/validation';
import { type AdminSummary, type CreateAdminRequest, FIELD_LIMITS } from '../../contract';

import { IsNewPassword } from './new-password.decorator';

export class CreateAdminDto implements CreateAdminRequest {
  @ApiProperty({ example: 'colleague@example.com', format: 'email', maxLength: FIELD_LIMITS.email })
  @IsText(FIELD_LIMITS.email)
  @IsEmailAddress()
  email: string;

  @IsNewPassword('The initial password; the new admin must change it at first sign-in.')
  password: string;
}

export class AdminSummaryDto implements AdminSummary {
  @ApiProperty(OBJECT_ID_SCHEMA) id: string;
  @ApiProperty({ format: 'email' }) email: string;
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
