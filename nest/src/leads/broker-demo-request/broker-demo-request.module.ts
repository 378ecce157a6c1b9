import { FIELD_LIMITS } from '../../contract';
import { LeadModule } from '../core/lead.module';
import { leadText } from '../core/lead.schema';

import { CreateBrokerDemoRequestDto } from './create-broker-demo-request.dto';

/** Broker demo requests. */
export const BrokerDemoRequestModule = LeadModule.forKind('brokerDemo', {
  createDto: CreateBrokerDemoRequestDto,
  fields: { company: leadText(FIELD_LIMITS.company) },
});
