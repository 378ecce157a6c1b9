import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AtLeastOneOf, ExactlyOneOf, IsAbsentOr, IsText } from '../../common/validation';
import {
  FIELD_LIMITS,
  MFA_FIELD_MAX,
  MFA_METHODS,
  type MfaMethod,
  type MfaStatusResponse,
  type MfaVerifyRequest,
  type PasskeyAuthenticationJson,
  RECOVERY_CODE_COUNT,
  type ReauthRequest,
  type TotpConfirmRequest,
  type TotpEnrolRequest,
  type TotpRemoveRequest,
} from '../../contract';

import { IsPasskeyAuthentication } from './passkey.dto';

const CODE_DESCRIPTION =
  'A 6-digit code from the authenticator app, or one of the recovery codes (case, spaces and hyphens ignored)';

/** The admin's own password, checked again by a security change. */
const Password = () =>
  ApiProperty({ format: 'password', minLength: 1, maxLength: FIELD_LIMITS.password });

export class TotpEnrolDto implements TotpEnrolRequest {
  @Password()
  @IsText(FIELD_LIMITS.password)
  password: string;
}

export class TotpEnrolResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'Base32, for typing into an authenticator app' }) secret: string;
  @ApiProperty({ description: 'The same as an otpauth://totp/ URL, for a QR code' })
  otpauthUrl: string;
}

export class MfaStatusResponseDto implements MfaStatusResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'A confirmed TOTP secret (a pending one does not count)' })
  totp: boolean;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: RECOVERY_CODE_COUNT,
    description: 'Unused recovery codes; 0 without a second factor',
  })
  recoveryCodesLeft: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many passkeys you have' })
  passkeys: number;
}

export class TotpConfirmDto implements TotpConfirmRequest {
  @ApiProperty({ description: 'A 6-digit code from the pending secret', maxLength: MFA_FIELD_MAX })
  @IsText(MFA_FIELD_MAX)
  code: string;
}

export class RecoveryCodesResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    type: [String],
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: 'Single-use codes, shown this once: the API keeps only their hashes',
  })
  recoveryCodes: string[];
}

export class TotpRemoveDto implements TotpRemoveRequest {
  @Password()
  @IsText(FIELD_LIMITS.password)
  password: string;

  @ApiProperty({ description: CODE_DESCRIPTION, maxLength: MFA_FIELD_MAX })
  @IsText(MFA_FIELD_MAX)
  code: string;
}

export class MfaVerifyDto implements MfaVerifyRequest {
  @ApiProperty({ description: 'From the sign-in’s answer', maxLength: MFA_FIELD_MAX })
  @IsText(MFA_FIELD_MAX)
  mfaToken: string;

  @ApiPropertyOptional({ description: `${CODE_DESCRIPTION}; or send passkey` })
  @ExactlyOneOf('passkey', { reportsMissing: true })
  @IsText(MFA_FIELD_MAX)
  code?: string;

  @IsPasskeyAuthentication(
    'The answer of navigator.credentials.get() to POST /auth/mfa/passkey-options’ challenge (PublicKeyCredential.toJSON()); or send code',
    false,
  )
  @ExactlyOneOf('code')
  passkey?: PasskeyAuthenticationJson;
}

export class MfaVerifyResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'HS256 JWT; send as `Authorization: Bearer <token>`' }) token: string;
}

export class LoginMfaRequiredResponseDto {
  @ApiProperty({ enum: [false] }) success: false;
  @ApiProperty({ enum: [true] }) mfaRequired: true;
  @ApiProperty({ description: 'For POST /auth/mfa/verify: 5 minutes, at most 5 wrong codes' })
  mfaToken: string;
  @ApiProperty({ enum: MFA_METHODS, isArray: true }) methods: MfaMethod[];
}

export class ReauthDto implements ReauthRequest {
  @ApiPropertyOptional({
    format: 'password',
    description: 'Your password: required unless you send a passkey',
  })
  @IsText(FIELD_LIMITS.password)
  @AtLeastOneOf('passkey', 'send password (with a code once you have a second factor) or passkey')
  password?: string;

  @ApiPropertyOptional({
    description: `${CODE_DESCRIPTION}; required with the password once you have a second factor`,
    maxLength: MFA_FIELD_MAX,
  })
  @IsAbsentOr()
  @IsText(MFA_FIELD_MAX)
  code?: string;

  @IsPasskeyAuthentication(
    'The answer of navigator.credentials.get() to POST /auth/reauth/passkey-options’ challenge: alone, it confirms (a passkey verifies its user itself)',
    false,
  )
  @IsAbsentOr()
  passkey?: PasskeyAuthenticationJson;
}
