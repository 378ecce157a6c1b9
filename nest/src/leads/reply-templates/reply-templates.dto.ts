import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

import { named } from '../../common/named';
import { IsText } from '../../common/validation';
import {
  LEAD_KIND_KEYS,
  REPLY_LIMITS,
  type ReplyTemplate,
  UNKNOWN_PLACEHOLDER,
  unknownPlaceholderRule,
  unknownPlaceholders,
} from '../../contract';

/**
 * A template's text names only REPLY_PLACEHOLDERS: any other `{word}` would be sent as written, so
 * it is refused when saved, naming it and the placeholders there are.
 */
const NamesPlaceholdersOnly = () =>
  ValidateBy({
    name: 'knownPlaceholders',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && unknownPlaceholders(value).length === 0,
      defaultMessage: (args) =>
        `$property ${unknownPlaceholderRule(unknownPlaceholders(String(args?.value)))}`,
    },
  });

/** Body of `PUT /reply-templates/{kind}`: the subject is a mail header, so one line. */
export class ReplyTemplateRequestDto implements ReplyTemplate {
  @IsText(REPLY_LIMITS.subject, { oneLine: true, nowhere: UNKNOWN_PLACEHOLDER })
  @NamesPlaceholdersOnly()
  subject: string;

  @IsText(REPLY_LIMITS.text, { nowhere: UNKNOWN_PLACEHOLDER })
  @NamesPlaceholdersOnly()
  text: string;
}

export class ReplyTemplateDto implements ReplyTemplate {
  @ApiProperty({ type: String }) subject: string;
  @ApiProperty({ type: String }) text: string;
}

class ReplyTemplatesByKindDto {}
for (const kind of LEAD_KIND_KEYS)
  ApiProperty({ type: () => ReplyTemplateDto })(ReplyTemplatesByKindDto.prototype, kind);
named(ReplyTemplatesByKindDto, 'ReplyTemplatesByKind');

export class ReplyTemplatesResponseDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: () => ReplyTemplatesByKindDto }) templates: ReplyTemplatesByKindDto;
}
