import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type CreateLeadRequest, FIELD_LIMITS, LEAD_KINDS } from '../../contract';
import { CreateLeadBaseDto, IsPhoneNumber } from '../core/create-lead.dto';

export class CreateBrokerDemoRequestDto
  extends CreateLeadBaseDto
  implements CreateLeadRequest<'brokerDemo'>
{
  @IsPhoneNumber(LEAD_KINDS.brokerDemo)
  phone_number: string;

  @ApiProperty({ maxLength: FIELD_LIMITS.company })
  @IsText(FIELD_LIMITS.company)
  company: string;
}
