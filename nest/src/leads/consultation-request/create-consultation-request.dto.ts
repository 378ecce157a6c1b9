import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type CreateLeadRequest, FIELD_LIMITS, LEAD_KINDS } from '../../contract';
import { CreateLeadBaseDto, IsPhoneNumber } from '../core/create-lead.dto';

export class CreateConsultationRequestDto
  extends CreateLeadBaseDto
  implements CreateLeadRequest<'consultation'>
{
  @IsPhoneNumber(LEAD_KINDS.consultation)
  phone_number: string;

  @ApiProperty({ maxLength: FIELD_LIMITS.location })
  @IsText(FIELD_LIMITS.location)
  location: string;
}
