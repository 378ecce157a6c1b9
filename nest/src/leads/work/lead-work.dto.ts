import { ApiProperty } from '@nestjs/swagger';

import { TIMELINE_EVENT_TYPES, type TimelineEventType } from '../../contract';

export class AdminRefDto {
  @ApiProperty({ type: String }) id: string;
  @ApiProperty({ type: String }) email: string;
}

export class TimelineEventDto {
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
  @ApiProperty({ enum: TIMELINE_EVENT_TYPES }) type: TimelineEventType;
  @ApiProperty({
    type: () => AdminRefDto,
    nullable: true,
    description: 'who did it; null for the lead’s arrival and what the system did',
  })
  admin: AdminRefDto | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'by type: read {read}; stage {from, to}; assign {from, to, reason?}; note {id, text, admin, at}; reply {id, subject, text, to, status, error}; received, archive, unarchive {}',
  })
  detail: Record<string, unknown>;
}

export class LeadTimelineResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => TimelineEventDto, isArray: true, description: 'oldest first' })
  events: TimelineEventDto[];
}
