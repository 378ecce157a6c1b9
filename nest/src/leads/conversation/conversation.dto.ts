import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { PageQueryDto } from '../../common/page-query.dto';
import {
  CONVERSATION_FROM,
  type ConversationFrom,
  MATCHED_BY,
  type MatchedBy,
  MESSAGE_DIRECTIONS,
  type MessageDirection,
} from '../../contract';

export class MessageAddressDto {
  @ApiProperty({ type: String, description: 'the display name as written; empty when none' })
  name: string;
  @ApiProperty({ type: String }) address: string;
}

export class MessageAttachmentDto {
  @ApiProperty({
    type: Number,
    description: 'its number in the message, from 0 (the download path)',
  })
  n: number;
  @ApiProperty({ type: String }) name: string;
  @ApiProperty({ type: String, description: 'as declared by the sender; never trusted to display' })
  type: string;
  @ApiProperty({ type: Number, description: 'bytes' }) size: number;
  @ApiProperty({ type: Boolean, description: 'an inline image of the message’s HTML' })
  inline: boolean;
}

/** A nullable reference: OpenAPI 3.0 ignores `nullable` beside a bare `$ref` (see nullableAdminRef). */
export const nullableRef = (model: () => unknown, description?: string) => ({
  type: Object,
  nullable: true,
  allOf: [{ $ref: getSchemaPath(model() as never) }],
  ...(description ? { description } : {}),
});

@ApiExtraModels(MessageAddressDto)
export class ConversationMessageDto {
  @ApiProperty({ type: String, pattern: '^[0-9a-f]{32}$' }) id: string;
  @ApiProperty({ enum: MESSAGE_DIRECTIONS }) direction: MessageDirection;
  @ApiProperty({ type: String, format: 'date-time' }) at: string;
  @ApiProperty(nullableRef(() => MessageAddressDto, 'null when it had no usable From'))
  from: MessageAddressDto | null;
  @ApiProperty({ type: () => MessageAddressDto, isArray: true }) to: MessageAddressDto[];
  @ApiProperty({ type: () => MessageAddressDto, isArray: true }) cc: MessageAddressDto[];
  @ApiProperty({ type: String, description: 'one line' }) subject: string;
  @ApiProperty({ type: String, description: 'what was written, plain text' }) text: string;
  @ApiProperty({ type: String, description: 'the quoted history and signature, separated' })
  quoted: string;
  @ApiProperty({ type: () => MessageAttachmentDto, isArray: true })
  attachments: MessageAttachmentDto[];
  @ApiProperty({ type: String, nullable: true, description: 'its Message-ID header' })
  messageId: string | null;
  @ApiProperty({ enum: MATCHED_BY, nullable: true, description: 'null for our replies' })
  matchedBy: MatchedBy | null;
  @ApiProperty({ type: Boolean, description: 'matched by token or headers, from another address' })
  senderDiffers: boolean;
  @ApiProperty({ type: Boolean, description: 'an automatic reply, not counted as an answer' })
  auto: boolean;
}

export class ConversationPageDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ConversationMessageDto, isArray: true, description: 'oldest first' })
  messages: ConversationMessageDto[];
  @ApiProperty({ type: String, nullable: true, description: 'pass as `cursor`: the later page' })
  nextCursor: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'pass as `before`: the earlier page' })
  prevCursor: string | null;
}

/** Which page of a conversation: from its start (`cursor` on), its newest (`from=end`), or back. */
export class ConversationQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: CONVERSATION_FROM,
    default: 'start',
    description: '`end`: the newest page (with `prevCursor` to read back); not with a cursor',
  })
  @IsOptional()
  @IsIn(CONVERSATION_FROM, { message: `from must be one of: ${CONVERSATION_FROM.join(', ')}` })
  from?: ConversationFrom;

  @ApiPropertyOptional({ description: 'prevCursor of a page: the page just before it' })
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsString()
  @MaxLength(512)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'before is invalid' })
  before?: string;
}
