import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';

import { named } from '../common/named';
import { IsEmailAddress } from '../common/validation';
import {
  leadKindList,
  type LeadKindKey,
  type PrivacyEraseRequest,
  type RetentionPolicyResponse,
} from '../contract';
import { ConversationMessageDto } from '../leads/conversation/conversation.dto';
import { createLeadResponseDtos } from '../leads/core/lead.dto';
import { TimelineEventDto } from '../leads/work/lead-work.dto';

/** The person's email address, in a query (access) or a body (erasure). */
export class PrivacyEmailDto implements PrivacyEraseRequest {
  @IsEmailAddress({ example: 'ada@example.com' })
  email: string;
}

class PrivacyKindsDto {}
class ErasedDto {}
class RetentionDaysDto {}
for (const kind of leadKindList) {
  ApiProperty({
    type: Number,
    minimum: 1,
    nullable: true,
    description: 'days archived before deletion; null: kept until deleted by hand',
  })(RetentionDaysDto.prototype, kind.key);
  ApiProperty({ type: () => createLeadResponseDtos(kind).LeadDto, isArray: true })(
    PrivacyKindsDto.prototype,
    kind.key,
  );
  ApiProperty({ type: Number, minimum: 0 })(ErasedDto.prototype, kind.key);
}
named(PrivacyKindsDto, 'PrivacyLeadsByKind');
named(ErasedDto, 'PrivacyErasedByKind');
named(RetentionDaysDto, 'RetentionArchivedDaysByKind');

@ApiExtraModels(TimelineEventDto, ConversationMessageDto)
export class PrivacyLeadsDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => PrivacyKindsDto }) kinds: PrivacyKindsDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { $ref: getSchemaPath(TimelineEventDto) } },
    description: 'each lead’s timeline (stages, notes, replies) by the lead’s id, oldest first',
  })
  timelines: Record<string, TimelineEventDto[]>;
  @ApiProperty({
    type: 'object',
    additionalProperties: {
      type: 'array',
      items: { $ref: getSchemaPath(ConversationMessageDto) },
    },
    description: 'each lead’s emails both ways by the lead’s id, oldest first (attachments listed)',
  })
  messages: Record<string, ConversationMessageDto[]>;
  @ApiProperty({ type: Number, minimum: 0 }) total: number;
}

export class PrivacyEraseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ErasedDto }) erased: ErasedDto;
  @ApiProperty({ type: Number, minimum: 0 }) total: number;
}

class RetentionLastRunDto {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: Number, minimum: 0, description: 'leads deleted' }) deleted: number;
}

export class RetentionPolicyDto implements RetentionPolicyResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => RetentionDaysDto }) archivedDays: Record<LeadKindKey, number | null>;
  @ApiProperty({ type: Number, minimum: 1, description: 'days in Spam before deletion' })
  spamDays: number;
  @ApiProperty({ type: () => RetentionLastRunDto, nullable: true })
  lastRun: RetentionLastRunDto | null;
}
