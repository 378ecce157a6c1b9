import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type CreateLeadRequest, FIELD_LIMITS, LEAD_KINDS } from '../../contract';
import { CreateLeadBaseDto, IsPhoneNumber } from '../core/create-lead.dto';

export class CreateContactUsRequestDto
  extends CreateLeadBaseDto
  implements CreateLeadRequest<'contactUs'>
{
  @ApiProperty({ maxLength: FIELD_LIMITS.subject })
  @IsText(FIELD_LIMITS.subject)
  subject: string;

  @ApiProperty({ maxLength: FIELD_LIMITS.message })
  @IsText(FIELD_LIMITS.message)
  message: string;

  @IsPhoneNumber(LEAD_KINDS.contactUs)
  phone_number?: string;
}
