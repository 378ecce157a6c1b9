import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';

import { PageQueryDto } from '../../common/page-query.dto';
import {
  LEAD_KIND_KEYS,
  LEAD_STAGES,
  type LeadKindKey,
  type LeadStage,
  QUEUE_OWNERS,
  QUEUE_SORTS,
  type QueueOwner,
  type QueueSort,
} from '../../contract';
import { IsListSearch, IsOneOrMore } from '../core/lead-list-query.dto';

const OWNER_PATTERN = new RegExp(`^(?:${QUEUE_OWNERS.join('|')}|[0-9a-fA-F]{24})$`);

/** `true` or `false` as text; anything else stays as sent, for IsBoolean to refuse by name. */
const Flag = (name: string) => (target: object, key: string) => {
  ApiPropertyOptional({ type: Boolean, description: FLAG_TEXT[name] })(target, key);
  IsOptional()(target, key);
  Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  )(target, key);
  IsBoolean({ message: `${name} must be true or false` })(target, key);
};

const FLAG_TEXT: Record<string, string> = {
  needsReply: 'Only leads that wait on us: `new`, or they wrote after our reply (the inbox only)',
  overdue: 'Only leads that wait on us past their kind’s response target (the inbox only)',
  archived: 'The archived list instead of the inbox',
  spam: 'The spam list instead of the inbox',
};

/** `GET /leads`'s query (QueueQuery of the contract, as text). */
export class QueueQueryDto extends PageQueryDto {
  @IsOneOrMore(
    'kind',
    LEAD_KIND_KEYS,
    'Only these kinds: repeat `kind=` or separate by commas. Default: every kind you may see.',
  )
  kind?: LeadKindKey[];

  @IsOneOrMore(
    'stage',
    LEAD_STAGES,
    'Only leads in these stages: repeat `stage=` or separate by commas.',
  )
  stage?: LeadStage[];

  @ApiPropertyOptional({
    description:
      '`me` (the admin asking), `nobody` (unassigned), `anyone` (the default) or an admin’s id',
    type: String,
    pattern: OWNER_PATTERN.source,
    maxLength: 24,
  })
  @IsOptional()
  @Matches(OWNER_PATTERN, {
    message: `owner must be ${QUEUE_OWNERS.join(', ')} or an admin id (24 hexadecimal characters)`,
  })
  owner?: QueueOwner;

  @Flag('needsReply') needsReply?: boolean;
  @Flag('overdue') overdue?: boolean;
  @Flag('archived') archived?: boolean;
  @Flag('spam') spam?: boolean;

  @IsOptional()
  @IsListSearch()
  q?: string;

  @ApiPropertyOptional({
    enum: QUEUE_SORTS,
    default: 'newest',
    description:
      '`newest`/`oldest` by the list’s time (arrival; archived: when archived; spam: when held); `due`: the leads that wait on us, due soonest first (the inbox only)',
  })
  @IsOptional()
  @IsIn(QUEUE_SORTS, { message: `sort must be one of: ${QUEUE_SORTS.join(', ')}` })
  sort?: QueueSort;
}
