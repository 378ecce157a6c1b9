import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type ChangePasswordRequest, FIELD_LIMITS } from '../../contract';

import { IsNewPassword } from './new-password.decorator';

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty({ format: 'password', minLength: 1, maxLength: FIELD_LIMITS.password })
  @IsText(FIELD_LIMITS.password)
  currentPassword: string;

  @IsNewPassword('The new password; it must differ from the current one.')
  newPassword: string;
}

export class ChangePasswordResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    description: 'A fresh token for this session: every token issued before the change is refused',
  })
  token: string;
}

export class SuccessResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
}
