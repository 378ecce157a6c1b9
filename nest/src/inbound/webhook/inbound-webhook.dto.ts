import { ApiProperty } from '@nestjs/swagger';

import { INBOUND_OUTCOMES, type InboundOutcome } from '../../contract';

export class InboundWebhookResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    enum: INBOUND_OUTCOMES,
    description:
      'stored on a lead; duplicate (known already); skipped (our own mail); unmatched (the Unmatched list)',
  })
  outcome: InboundOutcome;
  @ApiProperty({ type: String, pattern: '^[0-9a-f]{32}$' }) id: string;
}
