import { ApiProperty } from '@nestjs/swagger';

import { named } from '../../common/named';
import { LEAD_KINDS, leadKindList } from '../../contract';
import { createLeadResponseDtos, InboxTotalsDto, pascalCase } from '../core/lead.dto';

/** The overview's schema: per kind, its totals and its first page (built from the kinds' DTOs). */
class KindsDto {}
for (const kind of leadKindList) {
  class KindOverviewDto {
    @ApiProperty({ type: () => InboxTotalsDto }) totals: InboxTotalsDto;
    @ApiProperty({ type: () => createLeadResponseDtos(kind).PageDto }) active: object;
  }
  named(KindOverviewDto, `${pascalCase(kind)}Overview`);
  ApiProperty({ type: () => KindOverviewDto })(KindsDto.prototype, kind.key);
}

export class InboxOverviewDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    type: () => KindsDto,
    description: `Keyed by kind: ${Object.keys(LEAD_KINDS).join(', ')}`,
  })
  kinds: KindsDto;
}
named(KindsDto, 'InboxKinds');
