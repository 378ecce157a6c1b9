import { FIELD_LIMITS } from '../../contract';
import { LeadModule } from '../core/lead.module';
import { leadText } from '../core/lead.schema';

import { CreateConsultationRequestDto } from './create-consultation-request.dto';

/** Consultation requests. */
export const ConsultationRequestModule = LeadModule.forKind('consultation', {
  createDto: CreateConsultationRequestDto,
  fields: { location: leadText(FIELD_LIMITS.location) },
});
