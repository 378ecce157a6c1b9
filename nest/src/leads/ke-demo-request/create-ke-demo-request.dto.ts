import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type CreateLeadRequest, FIELD_LIMITS, LEAD_KINDS } from '../../contract';
import { CreateLeadBaseDto, IsPhoneNumber } from '../core/create-lead.dto';

export class CreateKeDemoRequestDto
  extends CreateLeadBaseDto
  implements CreateLeadRequest<'keDemo'>
{
  @IsPhoneNumber(LEAD_KINDS.keDemo)
  phone_number: string;

  @ApiProperty({ maxLength: FIELD_LIMITS.company })
  @IsText(FIELD_LIMITS.company)
  company: string;
}
