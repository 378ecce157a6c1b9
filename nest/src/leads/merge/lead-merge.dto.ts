import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  ValidateNested,
} from 'class-validator';

import { IsObjectId, OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  LEAD_KIND_KEYS,
  LEAD_MERGE_MAX,
  type LeadKindKey,
  type LeadMergeRequest,
  type LeadRef,
  type LeadUnmergeRequest,
} from '../../contract';

export class LeadRefDto implements LeadRef {
  @ApiProperty({ enum: LEAD_KIND_KEYS, description: 'The lead’s kind' })
  @IsIn(LEAD_KIND_KEYS, { message: `kind must be one of: ${LEAD_KIND_KEYS.join(', ')}` })
  kind: LeadKindKey;

  @ApiProperty({ ...OBJECT_ID_SCHEMA, description: 'The lead’s _id' })
  @IsObjectId()
  id: string;
}

export class LeadMergeRequestDto implements LeadMergeRequest {
  @ApiProperty({
    type: () => LeadRefDto,
    isArray: true,
    minItems: 1,
    maxItems: LEAD_MERGE_MAX,
    uniqueItems: true,
    description: `The person’s other requests (1 to ${LEAD_MERGE_MAX}, each once, not the target): those of the target’s kind are merged into it, those of other kinds linked to it`,
  })
  @IsArray({ message: 'from must be an array of {kind, id}' })
  @ArrayMinSize(1, { message: 'from must name at least one lead' })
  @ArrayMaxSize(LEAD_MERGE_MAX, { message: `from must name at most ${LEAD_MERGE_MAX} leads` })
  @IsObject({ each: true, message: 'each of from must be an object {kind, id}' })
  @ValidateNested({ each: true })
  @Type(() => LeadRefDto)
  from: LeadRefDto[];
}

export class LeadMergeQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: '`true`: answer what the merge would change, and change nothing',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'dryRun must be true or false' })
  dryRun?: 'true' | 'false';
}

export class LeadUnmergeRequestDto implements LeadUnmergeRequest {
  @ApiProperty({ ...OBJECT_ID_SCHEMA, description: 'The merge (its timeline entry’s mergeId)' })
  @IsObjectId()
  mergeId: string;
}

class LeadRefAnswerDto {
  @ApiProperty({ enum: LEAD_KIND_KEYS }) kind: LeadKindKey;
  @ApiProperty({ type: String }) id: string;
}

class LeadMergeMovesDto {
  @ApiProperty({ type: Number, description: 'timeline entries, notes and replies among them' })
  events: number;
  @ApiProperty({ type: Number }) notes: number;
  @ApiProperty({ type: Number }) replies: number;
  @ApiProperty({ type: Number, description: 'messages of the conversations' }) messages: number;
}

class LeadMergeSummaryDto {
  @ApiProperty({ type: String, nullable: true, description: 'null on a dry run' })
  id: string | null;
  @ApiProperty({ type: () => LeadRefAnswerDto }) target: LeadRefAnswerDto;
  @ApiProperty({ type: () => LeadRefAnswerDto, isArray: true }) merged: LeadRefAnswerDto[];
  @ApiProperty({ type: () => LeadRefAnswerDto, isArray: true }) linked: LeadRefAnswerDto[];
  @ApiProperty({ type: () => LeadMergeMovesDto }) moves: LeadMergeMovesDto;
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
}

export class LeadMergeResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: Boolean }) dryRun: boolean;
  @ApiProperty({ type: () => LeadMergeSummaryDto }) merge: LeadMergeSummaryDto;
}

export class LeadUnmergeResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => LeadRefAnswerDto, isArray: true }) restored: LeadRefAnswerDto[];
  @ApiProperty({ type: () => LeadRefAnswerDto, isArray: true }) unlinked: LeadRefAnswerDto[];
}
