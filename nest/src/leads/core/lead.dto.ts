import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsOptional, Matches, ValidateIf } from 'class-validator';

import { PageQueryDto } from '../../common/page-query.dto';
import {
  ExactlyOneOf,
  IsAbsentOr,
  IsEmailAddress,
  IsIdList,
  IsObjectId,
  IsText,
  OBJECT_ID_SCHEMA,
} from '../../common/validation';
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  type ArchiveRequest,
  FIELD_LIMITS,
  INTAKE_PROOF_MAX_LENGTH,
  type LeadAssignRequest,
  LEAD_IDS_MAX,
  type LeadIdsRequest,
  LEAD_LIST_STATES,
  LEAD_STAGES,
  type LeadKind,
  type LeadKindDescriptor,
  type LeadKindKey,
  leadFields,
  type LeadListState,
  LEAD_LIST_VIEWS,
  type LeadListViewName,
  type LeadStage,
  type LeadStageRequest,
  LIST_PAGE,
  SPAM_REASONS,
} from '../../contract';

import { nullableAdminRef } from './admin-ref.dto';
import { IsLeadSource, LeadSourceDto } from './lead-source.dto';

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

export class LeadListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsListSearch()
  q?: string;

  @ApiPropertyOptional({
    description:
      'Only leads in these stages: repeat `stage=` or separate them by commas (`stage=won,lost`). The page’s total is then null, as for a search.',
    type: String,
    enum: LEAD_STAGES,
    isArray: true,
  })
  @IsOptional()
  // Repeated or comma-separated, one list either way: `stage=a,b&stage=c` is [a, b, c].
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      ? [value].flat().flatMap((v: string) => v.split(','))
      : value,
  )
  @ArrayMaxSize(LEAD_STAGES.length * 2, { message: 'stage names too many stages' })
  @IsIn(LEAD_STAGES, {
    each: true,
    message: `stage must be one or more of: ${LEAD_STAGES.join(', ')}`,
  })
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
}

/** A phone number as people type it: digits and the usual separators; required as the kind says. */
export function IsPhoneNumber({ phoneRequired: required }: LeadKindDescriptor) {
  return applyDecorators(
    ...(required
      ? [ApiProperty({ maxLength: FIELD_LIMITS.phone_number })]
      : [ApiPropertyOptional({ maxLength: FIELD_LIMITS.phone_number })]),
    ...(required ? [] : [IsAbsentOr()]),
    IsText(FIELD_LIMITS.phone_number, { required }),
    Matches(/^[0-9+()\-.\s/x]*$/, {
      message: 'phone_number may contain only digits, spaces and + ( ) - . / x',
    }),
  );
}

/** Fields every intake form sends. Each kind's DTO adds its own text field and phone rule. */
export class CreateLeadBaseDto {
  @ApiProperty({ maxLength: FIELD_LIMITS.name })
  @IsText(FIELD_LIMITS.name)
  name: string;

  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({
    description: 'Honeypot: leave empty. Submissions that fill it are dropped.',
  })
  @IsAbsentOr()
  @IsText(FIELD_LIMITS.name, { required: false })
  website?: string;

  @IsLeadSource()
  source?: LeadSourceDto;

  @ApiPropertyOptional({
    description:
      'A solved challenge of GET /intake/challenge: base64 of the JSON {challenge, solution} (the ALTCHA v2 payload). One use per challenge.',
    maxLength: INTAKE_PROOF_MAX_LENGTH,
  })
  @IsAbsentOr()
  @IsText(INTAKE_PROOF_MAX_LENGTH, { required: false })
  altcha?: string;
}

export class CreateLeadResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ description: 'The new lead’s _id' }) id: string;
}

/** Names a dynamically built class, so the OpenAPI document has one schema per kind. */
export function named<T extends Type>(cls: T, name: string): T {
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}

export function pascalCase(kind: LeadKindDescriptor): string {
  return kind.key.charAt(0).toUpperCase() + kind.key.slice(1);
}

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

/** Response schemas for the OpenAPI document, built from the kind's fields. */
const responseDtos = new Map<string, ReturnType<typeof buildLeadResponseDtos>>();

/** The kind's response schemas, built once (the controller and the inbox overview share them). */
export function createLeadResponseDtos(kind: LeadKindDescriptor) {
  let dtos = responseDtos.get(kind.key);
  if (!dtos) responseDtos.set(kind.key, (dtos = buildLeadResponseDtos(kind)));
  return dtos;
}

const prop = (cls: object, name: string, options: Parameters<typeof ApiProperty>[0]) =>
  ApiProperty(options)(cls, name);

export class LeadTotalsDto {
  @ApiProperty({ type: Number, minimum: 0 }) active: number;
  @ApiProperty({ type: Number, minimum: 0 }) archived: number;
  @ApiProperty({ type: Number, minimum: 0, description: 'active leads not opened yet' })
  unread: number;
  @ApiProperty({ type: Number, minimum: 0, description: 'leads held as spam' })
  spam: number;
}

/** Active leads per stage (kept, as the lists' totals are). */
export class LeadStageTotalsDto {}
for (const stage of LEAD_STAGES)
  prop(LeadStageTotalsDto.prototype, stage, { type: Number, minimum: 0 });

export class InboxTotalsDto extends LeadTotalsDto {
  @ApiProperty({
    type: () => LeadStageTotalsDto,
    description: 'active leads per stage (a lead stored before stages is new)',
  })
  stages: LeadStageTotalsDto;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'active new leads past the kind’s response target',
  })
  overdue: number;
}

function buildLeadResponseDtos(kind: LeadKindDescriptor) {
  const prefix = pascalCase(kind);
  class LeadDto {}
  prop(LeadDto.prototype, '_id', { type: String });
  for (const field of leadFields(kind)) {
    prop(LeadDto.prototype, field, { type: String });
  }
  prop(LeadDto.prototype, 'createdAt', { type: String, format: 'date-time' });
  prop(LeadDto.prototype, 'updatedAt', { type: String, format: 'date-time' });
  prop(LeadDto.prototype, 'archivedAt', { type: String, format: 'date-time', nullable: true });
  prop(LeadDto.prototype, 'readAt', { type: String, format: 'date-time', nullable: true });
  prop(LeadDto.prototype, 'stage', { enum: LEAD_STAGES });
  prop(LeadDto.prototype, 'assignee', nullableAdminRef('the admin who has taken it'));
  prop(LeadDto.prototype, 'firstResponseAt', {
    type: String,
    format: 'date-time',
    nullable: true,
  });
  prop(LeadDto.prototype, 'dueAt', {
    type: String,
    format: 'date-time',
    description: 'arrival plus the kind’s response target',
  });
  prop(LeadDto.prototype, 'overdue', {
    type: Boolean,
    description: 'new, active and past dueAt',
  });
  prop(LeadDto.prototype, 'source', {
    type: Object,
    nullable: true,
    allOf: [{ $ref: getSchemaPath(LeadSourceDto) }],
    description: 'the first touch of the visit that brought it (referrer: a host); null if none',
  });
  prop(LeadDto.prototype, 'otherRequests', {
    type: 'integer',
    minimum: 0,
    description: 'how many other leads, of any kind, have the same email address',
  });
  prop(LeadDto.prototype, 'spamAt', {
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when it was held as spam; null when it is not spam',
  });
  prop(LeadDto.prototype, 'spamReasons', {
    type: String,
    enum: SPAM_REASONS,
    isArray: true,
    description: 'why it was held as spam (empty when it is not)',
  });
  named(LeadDto, `${prefix}Lead`);

  class PageDto {}
  prop(PageDto.prototype, 'data', { type: () => LeadDto, isArray: true });
  prop(PageDto.prototype, 'nextCursor', { type: String, nullable: true });
  prop(PageDto.prototype, 'total', {
    type: Number,
    nullable: true,
    description: 'Leads in the whole list; null for a search (its matches are not counted)',
  });
  named(PageDto, `${prefix}Page`);

  class ListDto extends PageDto {}
  prop(ListDto.prototype, 'success', { enum: [true] });
  named(ListDto, `${prefix}ListResponse`);

  class ArchiveDto {}
  prop(ArchiveDto.prototype, 'success', { enum: [true] });
  prop(ArchiveDto.prototype, 'unarchived', {
    type: () => LeadDto,
    isArray: true,
    description: 'first page',
  });
  prop(ArchiveDto.prototype, 'archived', {
    type: () => LeadDto,
    isArray: true,
    description: 'first page',
  });
  prop(ArchiveDto.prototype, 'unarchivedTotal', { type: Number });
  prop(ArchiveDto.prototype, 'archivedTotal', { type: Number });
  prop(ArchiveDto.prototype, 'unreadTotal', {
    type: Number,
    description: 'active leads not opened yet',
  });
  prop(ArchiveDto.prototype, 'spamTotal', { type: Number, description: 'leads held as spam' });
  for (const key of ['unarchivedNextCursor', 'archivedNextCursor'])
    prop(ArchiveDto.prototype, key, { type: String, nullable: true });
  named(ArchiveDto, `${prefix}ArchiveResponse`);

  class OneDto {}
  prop(OneDto.prototype, 'success', { enum: [true] });
  prop(OneDto.prototype, 'lead', { type: () => LeadDto });
  named(OneDto, `${prefix}Response`);

  return { LeadDto, PageDto, ListDto, ArchiveDto, OneDto };
}
