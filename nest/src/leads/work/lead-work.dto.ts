import { ApiProperty } from '@nestjs/swagger';
import { type ValidationArguments, ValidateBy } from 'class-validator';

import { IsText } from '../../common/validation';
import {
  FOLLOW_UP_LIMITS,
  FOLLOW_UP_TIME_MAX_LENGTH,
  followUpProblem,
  LEAD_KIND_KEYS,
  type LeadFollowUpRequest,
  LEAD_STAGES,
  type LeadKindKey,
  type LeadNoteRequest,
  type LeadReplyRequest,
  type LeadStage,
  NOTE_TEXT_MAX,
  REPLY_LIMITS,
  TIMELINE_EVENT_TYPES,
  type TimelineEventType,
} from '../../contract';
import { AdminRefDto, nullableAdminRef } from '../core/admin-ref.dto';

export class TimelineEventDto {
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
  @ApiProperty({ enum: TIMELINE_EVENT_TYPES }) type: TimelineEventType;
  @ApiProperty(nullableAdminRef('who did it; null for the lead’s arrival and what the system did'))
  admin: AdminRefDto | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'by type: read {read}; stage {from, to}; assign {from, to, reason?}; follow-up {at, reason?}; note {id, text, admin, at}; reply {id, subject, text, to, status, error}; spam {reasons}; merge {mergeId, from, original}; unmerge {mergeId, restored}; link {mergeId, with}; received, archive, unarchive, not-spam {}',
  })
  detail: Record<string, unknown>;
}

export class LeadTimelineResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => TimelineEventDto, isArray: true, description: 'oldest first' })
  events: TimelineEventDto[];
}

export class LeadNoteRequestDto implements LeadNoteRequest {
  @IsText(NOTE_TEXT_MAX)
  text: string;
}

export class LeadNoteDto {
  @ApiProperty({ type: String }) id: string;
  @ApiProperty({ type: String }) text: string;
  @ApiProperty({ type: () => AdminRefDto }) admin: AdminRefDto;
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
}

export class LeadNoteResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => LeadNoteDto }) note: LeadNoteDto;
}

export class SuccessDto {
  @ApiProperty({ enum: [true] }) success: true;
}

export class LeadReplyRequestDto implements LeadReplyRequest {
  @IsText(REPLY_LIMITS.subject, { oneLine: true })
  subject: string;

  @IsText(REPLY_LIMITS.text)
  text: string;
}

class QueuedReplyDto {
  @ApiProperty({ type: String }) id: string;
  @ApiProperty({ enum: ['queued'] }) status: 'queued';
}

export class LeadReplyResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => QueuedReplyDto }) reply: QueuedReplyDto;
}

export class LeadFollowUpRequestDto implements LeadFollowUpRequest {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    maxLength: FOLLOW_UP_TIME_MAX_LENGTH,
    description: `When to be reminded (ISO 8601 with a zone; from ${FOLLOW_UP_LIMITS.pastSkewMs / 60_000} minutes ago to ${FOLLOW_UP_LIMITS.maxAheadDays} days ahead); null clears it`,
    example: '2026-12-01T09:00:00.000Z',
  })
  @IsFollowUpTime()
  at: string | null;
}

export class LeadFollowUpResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The follow-up now set; null: none',
  })
  followUpAt: string | null;
}

/** A follow-up's time as the contract allows it (followUpProblem), or null; the key is required. */
function IsFollowUpTime() {
  return ValidateBy({
    name: 'isFollowUpTime',
    validator: {
      validate: (value: unknown) => value !== undefined && !followUpProblem(value, new Date()),
      defaultMessage: ({ value }: ValidationArguments) =>
        value === undefined
          ? 'at is required: an ISO 8601 date and time, or null to clear'
          : (followUpProblem(value, new Date()) ?? 'at is invalid'),
    },
  });
}

export class RelatedLeadDto {
  @ApiProperty({ enum: LEAD_KIND_KEYS }) kind: LeadKindKey;
  @ApiProperty({ type: String }) id: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: LEAD_STAGES }) stage: LeadStage;
  @ApiProperty({ type: Boolean }) archived: boolean;
  @ApiProperty({ type: String }) summary: string;
}

export class RelatedLeadsResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => RelatedLeadDto, isArray: true, description: 'newest first' })
  related: RelatedLeadDto[];
}
