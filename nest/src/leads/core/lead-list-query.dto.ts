import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsOptional, Matches } from 'class-validator';

import { PageQueryDto } from '../../common/page-query.dto';
import { IsTimeZoneQuery } from '../../common/time-zone-query.decorator';
import { IsText } from '../../common/validation';
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  LEAD_LIST_STATES,
  LEAD_LIST_VIEWS,
  LEAD_STAGES,
  type LeadListState,
  type LeadListViewName,
  type LeadStage,
  LIST_PAGE,
} from '../../contract';

/** `?assignee=`: `me`, `none` or an admin's id. */
const ASSIGNEE_FILTER_PATTERN = new RegExp(`^(?:${ASSIGNEE_FILTERS.join('|')}|[0-9a-fA-F]{24})$`);

/**
 * A list search (`q`): one rule for the list, its export and an action's answer. Where it may be
 * left out is the caller's: `IsOptional()` in a query string, `IsAbsentOr()` in a body (null refused).
 */
export const IsListSearch = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        'Words, each matching the start of a word of the name, the email (local part, domain) or the kind’s text field; case and accents ignored; all must match',
      maxLength: LIST_PAGE.maxQueryLength,
    }),
    IsText(LIST_PAGE.maxQueryLength, { required: false }),
  );

/** A list in a query string, repeated or comma-separated: `stage=a,b&stage=c` is [a, b, c]. */
const CommaList = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      ? [value].flat().flatMap((v: string) => v.split(','))
      : value,
  );

/**
 * An optional list of known names (`stage`, `kind`): repeated or comma-separated, each one of
 * `values`, at most twice as many as there are (repeats are harmless, floods are not).
 */
export const IsOneOrMore = (name: string, values: readonly string[], description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      type: String,
      enum: values,
      isArray: true,
      maxItems: values.length * 2,
    }),
    IsOptional(),
    CommaList(),
    ArrayMaxSize(values.length * 2, { message: `${name} names too many ${name}s` }),
    IsIn(values, { each: true, message: `${name} must be one or more of: ${values.join(', ')}` }),
  );

export class LeadListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsListSearch()
  q?: string;

  @IsOneOrMore(
    'stage',
    LEAD_STAGES,
    'Only leads in these stages: repeat `stage=` or separate them by commas (`stage=won,lost`). The page’s total is then null, as for a search.',
  )
  stage?: LeadStage[];

  @ApiPropertyOptional({
    description:
      'Only the leads of one owner: `me` (the admin asking), `none` (nobody’s) or an admin’s id. The page’s total is then null, as for a search.',
    type: String,
    pattern: ASSIGNEE_FILTER_PATTERN.source,
  })
  @IsOptional()
  @Matches(ASSIGNEE_FILTER_PATTERN, {
    message: `assignee must be ${ASSIGNEE_FILTERS.join(', ')} or an admin id (24 hexadecimal characters)`,
  })
  assignee?: AssigneeFilter;

  @ApiPropertyOptional({
    description:
      '`needs-reply`: active leads still new, oldest first (total null); `all` (default): the list.',
    enum: LEAD_LIST_VIEWS,
  })
  @IsOptional()
  @IsIn(LEAD_LIST_VIEWS, { message: `view must be one of: ${LEAD_LIST_VIEWS.join(', ')}` })
  view?: LeadListViewName;
}

export class LeadExportQueryDto {
  @ApiPropertyOptional({ enum: LEAD_LIST_STATES, default: 'active' })
  @IsOptional()
  @IsIn(LEAD_LIST_STATES)
  state?: LeadListState;

  @IsOptional()
  @IsListSearch()
  q?: string;

  @IsTimeZoneQuery(
    'IANA time zone the dates are written in: ISO 8601 with its offset (UTC, with Z, when left out)',
  )
  tz?: string;
}
