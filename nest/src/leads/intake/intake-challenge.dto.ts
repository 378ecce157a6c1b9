import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import {
  type IntakeChallenge,
  type IntakeChallengeParameters,
  INTAKE_PROOF_FIELD,
} from '../../contract';

const HEX = '^[0-9a-f]+$';

class IntakeChallengeParametersDto implements IntakeChallengeParameters {
  @ApiProperty({ example: 'SHA-256', description: 'The key derivation each try runs' })
  algorithm: string;

  @ApiProperty({ pattern: HEX }) nonce: string;
  @ApiProperty({ pattern: HEX }) salt: string;

  @ApiProperty({ type: Number, minimum: 1, description: 'Rounds of the algorithm per try' })
  cost: number;

  @ApiProperty({ type: Number, minimum: 1 }) keyLength: number;

  @ApiProperty({ pattern: HEX, description: 'The derived key that solves it starts with this' })
  keyPrefix: string;

  @ApiPropertyOptional({ pattern: HEX }) keySignature?: string;

  @ApiProperty({ type: Number, description: 'Unix seconds after which a solution is refused' })
  expiresAt: number;
}

export class IntakeChallengeDto implements IntakeChallenge {
  @ApiProperty({ type: () => IntakeChallengeParametersDto })
  parameters: IntakeChallengeParametersDto;

  @ApiProperty({
    pattern: HEX,
    description: `HMAC of the parameters. Send the solved challenge back as \`${INTAKE_PROOF_FIELD}\`.`,
  })
  signature: string;
}
