import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

import { IsObjectId } from '../../common/validation';
import {
  type AttachUnmatchedRequest,
  LEAD_KIND_KEYS,
  type LeadKindKey,
  UNMATCHED_REASONS,
  type UnmatchedReason,
} from '../../contract';
import { ConversationMessageDto } from '../../leads/conversation/conversation.dto';

export class UnmatchedMessageDto extends ConversationMessageDto {
  @ApiProperty({
    enum: UNMATCHED_REASONS,
    description:
      'no-lead: no lead and no new one (INBOUND_NEW_KIND=none, or an automatic reply); no-sender: no From; from-us: claims to be from our own address',
  })
  reason: UnmatchedReason;
}

export class UnmatchedPageDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => UnmatchedMessageDto, isArray: true, description: 'newest first' })
  messages: UnmatchedMessageDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor: string | null;
}

export class AttachUnmatchedRequestDto implements AttachUnmatchedRequest {
  @ApiProperty({ enum: LEAD_KIND_KEYS })
  @IsIn(LEAD_KIND_KEYS, { message: `kind must be one of: ${LEAD_KIND_KEYS.join(', ')}` })
  kind: LeadKindKey;

  @ApiProperty({ type: String, pattern: '^[0-9a-fA-F]{24}$' })
  @IsObjectId()
  leadId: string;
}

export class AttachUnmatchedResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ enum: LEAD_KIND_KEYS }) kind: LeadKindKey;
  @ApiProperty({ type: String }) leadId: string;
  @ApiProperty({ type: () => ConversationMessageDto }) message: ConversationMessageDto;
}
