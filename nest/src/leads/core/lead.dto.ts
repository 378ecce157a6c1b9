import { ApiProperty, getSchemaPath } from '@nestjs/swagger';

import { named } from '../../common/named';
import { type LeadKindDescriptor, leadFields, LEAD_STAGES, SPAM_REASONS } from '../../contract';

import { nullableAdminRef } from './admin-ref.dto';
import { LeadSourceDto } from './lead-source.dto';

// What a kind's leads look like in answers. The bodies and queries that lead calls take are in
// create-lead.dto.ts (the intake), lead-action.dto.ts (the moves) and lead-list-query.dto.ts.

export function pascalCase(kind: LeadKindDescriptor): string {
  return kind.key.charAt(0).toUpperCase() + kind.key.slice(1);
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
    description: 'active leads waiting on us past the kind’s response target',
  })
  overdue: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'active leads waiting on us: new, or they wrote after our reply',
  })
  needsReply: number;
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
    description: 'the open wait’s start (else arrival) plus the kind’s response target',
  });
  prop(LeadDto.prototype, 'overdue', {
    type: Boolean,
    description: 'waiting on us (new, or it wrote last), active and past dueAt',
  });
  prop(LeadDto.prototype, 'awaitingReplySince', {
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when its open wait began (it wrote after our last reply); null: none',
  });
  prop(LeadDto.prototype, 'wroteAgain', { type: Boolean, description: 'wrote after our reply' });
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
