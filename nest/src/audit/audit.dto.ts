import { ApiProperty } from '@nestjs/swagger';

import { PageQueryDto } from '../common/page-query.dto';
import { AUDIT_ACTIONS, LEAD_KIND_KEYS } from '../contract';

export class AuditQueryDto extends PageQueryDto {}

class AuditAdminDto {
  @ApiProperty({ type: String, nullable: true }) id: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
}

class AuditEntryDto {
  @ApiProperty() _id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: string;
  @ApiProperty({ type: () => AuditAdminDto }) admin: AuditAdminDto;
  @ApiProperty({ enum: LEAD_KIND_KEYS, nullable: true }) kind: string | null;
  @ApiProperty({ type: [String] }) ids: string[];
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail: object;
}

export class AuditPageDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => AuditEntryDto, isArray: true }) entries: AuditEntryDto[];
  @ApiProperty({ type: String, nullable: true }) nextCursor: string | null;
}
