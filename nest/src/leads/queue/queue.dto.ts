import { ApiProperty } from '@nestjs/swagger';

import { named } from '../../common/named';
import { LEAD_KIND_KEYS, LEAD_STAGES, QUEUE_FIRST_LINE_MAX } from '../../contract';
import { nullableAdminRef } from '../core/admin-ref.dto';

/** A row of the queue (QueueRow of the contract). */
export class QueueRowDto {
  @ApiProperty({ enum: LEAD_KIND_KEYS }) kind: string;
  @ApiProperty({ type: String, pattern: '^[0-9a-f]{24}$' }) id: string;
  @ApiProperty({ type: String }) name: string;
  @ApiProperty({ enum: LEAD_STAGES }) stage: string;
  @ApiProperty(nullableAdminRef('the admin who has taken it')) owner: object | null;
  @ApiProperty({
    type: String,
    maxLength: QUEUE_FIRST_LINE_MAX,
    description: 'the first line of the message (contact-us), company or location',
  })
  firstLine: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'the open wait’s start (else arrival) plus the kind’s response target',
  })
  dueAt: string;
  @ApiProperty({ type: Boolean, description: 'waiting on us, active and past dueAt' })
  overdue: boolean;
}
named(QueueRowDto, 'QueueRow');

export class QueueResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => QueueRowDto, isArray: true }) data: QueueRowDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'pass back as `cursor` (same sort and list) for the next page; null on the last',
  })
  nextCursor: string | null;
}
named(QueueResponseDto, 'QueueResponse');
