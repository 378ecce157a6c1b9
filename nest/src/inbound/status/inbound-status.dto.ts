import { ApiExtraModels, ApiProperty } from '@nestjs/swagger';

import {
  INBOUND_CHANNEL_STATES,
  INBOUND_CHANNELS,
  type InboundChannel,
  type InboundChannelState,
} from '../../contract';
import { nullableRef } from '../../leads/conversation/conversation.dto';

class ChannelErrorDto {
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
  @ApiProperty({ type: String, example: 'authentication failed' }) message: string;
}

@ApiExtraModels(ChannelErrorDto)
class InboundChannelStatusDto {
  @ApiProperty({ enum: INBOUND_CHANNELS }) channel: InboundChannel;
  @ApiProperty({ type: Boolean }) configured: boolean;
  @ApiProperty({ enum: INBOUND_CHANNEL_STATES }) state: InboundChannelState;
  @ApiProperty(nullableRef(() => ChannelErrorDto)) lastError: ChannelErrorDto | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastPollAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastMessageAt: string | null;
}

class InboundCountsDto {
  @ApiProperty({ type: Number }) processed: number;
  @ApiProperty({ type: Number }) skipped: number;
  @ApiProperty({ type: Number }) unmatched: number;
  @ApiProperty({ type: Number }) failed: number;
}

class InboundFailureDto {
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
  @ApiProperty({ enum: INBOUND_CHANNELS }) channel: InboundChannel;
  @ApiProperty({ type: String }) reason: string;
}

@ApiExtraModels(InboundFailureDto)
export class InboundStatusDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => InboundChannelStatusDto, isArray: true })
  channels: InboundChannelStatusDto[];
  @ApiProperty({ type: () => InboundCountsDto }) last24h: InboundCountsDto;
  @ApiProperty(nullableRef(() => InboundFailureDto)) lastFailure: InboundFailureDto | null;
  @ApiProperty({ type: String, nullable: true }) replyAddress: string | null;
}
