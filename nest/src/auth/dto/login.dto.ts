import { ApiProperty } from '@nestjs/swagger';

import { IsEmailAddress, IsText } from '../../common/validation';
import { FIELD_LIMITS, type LoginRequest } from '../../contract';

export class LoginDto implements LoginRequest {
  @IsEmailAddress({ example: 'admin@example.com' })
  email: string;

  @ApiProperty({ format: 'password', maxLength: FIELD_LIMITS.password })
  @IsText(FIELD_LIMITS.password)
  password: string;
}

export class LoginResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'HS256 JWT; send as `Authorization: Bearer <token>`' }) token: string;
  @ApiProperty({
    enum: [true],
    required: false,
    description:
      'Present when the admin is on an initial password: every call but change-password, logout and check-token answers 403 until it is changed',
  })
  mustChangePassword?: true;
}
