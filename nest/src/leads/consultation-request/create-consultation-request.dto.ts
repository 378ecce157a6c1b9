import { ApiProperty } from '@nestjs/swagger';

import { IsText } from '../../common/validation';
import { type CreateLeadRequest, FIELD_LIMITS } from '../../contract';
import { CreateLeadBaseDto, IsPhoneNumber } from '../core/lead.dto';

export class CreateConsultationRequestDto
  extends CreateLeadBaseDto
  implements CreateLeadRequest<'consultation'>
{
  @IsPhoneNumber(true)
  phone_number: string;

  @ApiProperty({ maxLength: FIELD_LIMITS.location })
  @IsText(FIELD_LIMITS.location)
  location: string;
}
