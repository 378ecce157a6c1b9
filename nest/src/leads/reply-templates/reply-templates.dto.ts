import { ApiProperty } from '@nestjs/swagger';

import { named } from '../../common/named';
import { IsText } from '../../common/validation';
import { LEAD_KIND_KEYS, REPLY_LIMITS, type ReplyTemplate } from '../../contract';

/** Body of `PUT /reply-templates/{kind}`: the subject is a mail header, so one line. */
export class ReplyTemplateRequestDto implements ReplyTemplate {
  @IsText(REPLY_LIMITS.subject, { oneLine: true })
  subject: string;

  @IsText(REPLY_LIMITS.text)
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
