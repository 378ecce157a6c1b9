import { type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';

import { named } from '../../common/named';
import {
  ExactlyOneOf,
  IsAbsentOr,
  IsIdList,
  IsObjectId,
  OBJECT_ID_SCHEMA,
} from '../../common/validation';
import {
  type ArchiveRequest,
  type LeadAssignRequest,
  LEAD_IDS_MAX,
  type LeadIdsRequest,
  LEAD_STAGES,
  type LeadKind,
  type LeadKindKey,
  type LeadStage,
  type LeadStageRequest,
} from '../../contract';

import { IsListSearch } from './lead-list-query.dto';
import { pascalCase } from './lead.dto';

/** The bodies of the calls that act on leads (spec section 7, and the panel's other moves). */

const IDS_SCHEMA = {
  type: 'array',
  items: OBJECT_ID_SCHEMA,
  minItems: 1,
  maxItems: LEAD_IDS_MAX,
  example: ['6650b2f1c2a4e3b1f0a1b2c3'],
} as const;

const ACTION_SEARCH =
  'The panel’s search: the answer’s first pages are that search’s (totals stay the whole lists’)';

/** Body of read, unread and delete: the leads' ids, and the panel's search for the answer. */
export class LeadIdsDto implements LeadIdsRequest {
  @ApiProperty({ ...IDS_SCHEMA, description: `The leads’ _ids (1 to ${LEAD_IDS_MAX})` })
  @IsIdList(LEAD_IDS_MAX)
  ids: string[];

  @ApiPropertyOptional({ description: ACTION_SEARCH })
  @IsAbsentOr()
  @IsListSearch()
  q?: string;
}

/** Body of the stage call: the leads' ids and the stage to set them to. */
export class LeadStageDto extends LeadIdsDto implements LeadStageRequest {
  @ApiProperty({ enum: LEAD_STAGES, description: 'The stage to set (separate from archive)' })
  @IsIn(LEAD_STAGES, { message: `stage must be one of: ${LEAD_STAGES.join(', ')}` })
  stage: LeadStage;
}

/** Body of the assign call: the leads' ids and their new owner's admin id, or null for nobody. */
export class LeadAssignDto extends LeadIdsDto implements LeadAssignRequest {
  @ApiProperty({
    ...OBJECT_ID_SCHEMA,
    nullable: true,
    description: 'The admin who takes them; null clears their owner',
  })
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsObjectId()
  adminId: string | null;
}

/**
 * Body of archive/unarchive: the kind's id field from the spec (e.g. `contact_us_request_id`), or
 * `ids` to move many at once; exactly one of the two.
 */
export function createLeadIdDto<K extends LeadKindKey>(kind: LeadKind<K>): Type<ArchiveRequest<K>> {
  class LeadIdDto {
    @ApiPropertyOptional({
      ...IDS_SCHEMA,
      description: `Many leads’ _ids instead of ${kind.idField}`,
    })
    @ExactlyOneOf(kind.idField)
    @IsIdList(LEAD_IDS_MAX)
    ids?: string[];

    @ApiPropertyOptional({ description: ACTION_SEARCH })
    @IsAbsentOr()
    @IsListSearch()
    q?: string;
  }
  const property = kind.idField;
  ApiPropertyOptional({
    ...OBJECT_ID_SCHEMA,
    description: 'The lead’s _id (spec section 7); or send `ids`',
    example: '6650b2f1c2a4e3b1f0a1b2c3',
  })(LeadIdDto.prototype, property);
  ExactlyOneOf('ids', { reportsMissing: true })(LeadIdDto.prototype, property);
  IsObjectId()(LeadIdDto.prototype, property);
  // The id field is a decorated property added above, under the kind's name for it.
  return named(LeadIdDto, `${pascalCase(kind)}IdDto`) as Type<ArchiveRequest<K>>;
}
