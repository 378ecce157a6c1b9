import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type CheckTokenRequest, FIELD_LIMITS } from '../../contract';

export class CheckTokenDto implements CheckTokenRequest {
  @ApiProperty({ maxLength: FIELD_LIMITS.token })
  @IsText(FIELD_LIMITS.token)
  token: string;
}

export class CheckTokenResponseDto {
  @ApiProperty({ description: 'true for a valid, unexpired token of an existing admin' })
  success: boolean;
  @ApiProperty({
    enum: [true],
    required: false,
    description: 'Present with a valid token whose admin must change password first',
  })
  mustChangePassword?: true;
  @ApiProperty({
    enum: [true],
    required: false,
    description:
      'Present with a valid token whose admin must set up a second factor first (ADMIN_MFA=required)',
  })
  mfaSetupRequired?: true;
  @ApiProperty({
    enum: [true],
    required: false,
    description: 'Present without success when the session went unused past SESSION_IDLE_TIMEOUT',
  })
  sessionTimedOut?: true;
  @ApiProperty({
    required: false,
    description:
      'With success: the IANA zone the admin chose for their dates (POST /auth/time-zone); left out while they follow their browser',
  })
  timeZone?: string;
}
