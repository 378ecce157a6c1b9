import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';

import { IsEmailAddress } from '../common/validation';
import { leadKindList, type PrivacyEraseRequest } from '../contract';
import { createLeadResponseDtos, named } from '../leads/core/lead.dto';
import { TimelineEventDto } from '../leads/work/lead-work.dto';

/** The person's email address, in a query (access) or a body (erasure). */
export class PrivacyEmailDto implements PrivacyEraseRequest {
  @IsEmailAddress({ example: 'ada@example.com' })
  email: string;
}

class PrivacyKindsDto {}
class ErasedDto {}
for (const kind of leadKindList) {
  ApiProperty({ type: () => createLeadResponseDtos(kind).LeadDto, isArray: true })(
    PrivacyKindsDto.prototype,
    kind.key,
  );
  ApiProperty({ type: Number, minimum: 0 })(ErasedDto.prototype, kind.key);
}
named(PrivacyKindsDto, 'PrivacyLeadsByKind');
named(ErasedDto, 'PrivacyErasedByKind');

@ApiExtraModels(TimelineEventDto)
export class PrivacyLeadsDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => PrivacyKindsDto }) kinds: PrivacyKindsDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { $ref: getSchemaPath(TimelineEventDto) } },
    description: 'each lead’s timeline (stages, notes, replies) by the lead’s id, oldest first',
  })
  timelines: Record<string, TimelineEventDto[]>;
  @ApiProperty({ type: Number, minimum: 0 }) total: number;
}

export class PrivacyEraseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ErasedDto }) erased: ErasedDto;
  @ApiProperty({ type: Number, minimum: 0 }) total: number;
}
