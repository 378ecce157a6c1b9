import { FIELD_LIMITS } from '../../contract';
import { LeadModule } from '../core/lead.module';
import { leadText } from '../core/lead.schema';

import { CreateKeDemoRequestDto } from './create-ke-demo-request.dto';

/** Knowledge Engine demo requests. */
export const KeDemoRequestModule = LeadModule.forKind('keDemo', {
  createDto: CreateKeDemoRequestDto,
  fields: { company: leadText(FIELD_LIMITS.company) },
});
