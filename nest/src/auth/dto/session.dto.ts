import { ApiProperty } from '@nestjs/swagger';

import { type SessionListResponse, type SessionSummary } from '../../contract';

/** A session's id as the API issues them (a UUID). */
export const SESSION_ID_SCHEMA = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
} as const;

export class SessionSummaryDto implements SessionSummary {
  @ApiProperty({ ...SESSION_ID_SCHEMA, description: 'The token’s id (jti)' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'Updated about once a minute at most' })
  lastSeenAt: string;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: String, nullable: true }) userAgent: string | null;
  @ApiProperty({ description: 'The session of the token this request sent' }) current: boolean;
}

export class SessionListResponseDto implements SessionListResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => SessionSummaryDto, isArray: true }) sessions: SessionSummaryDto[];
}
