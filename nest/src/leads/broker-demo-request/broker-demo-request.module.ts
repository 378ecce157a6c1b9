import { Module } from '@nestjs/common';

import { FIELD_LIMITS } from '../../contract';
import { LeadModule } from '../core/lead.module';
import { leadText } from '../core/lead.schema';

import { CreateBrokerDemoRequestDto } from './create-broker-demo-request.dto';

/** Broker demo requests. */
@Module({
  imports: [
    LeadModule.forKind('brokerDemo', {
      createDto: CreateBrokerDemoRequestDto,
      fields: { company: leadText(FIELD_LIMITS.company) },
    }),
  ],
})
export class BrokerDemoRequestModule {}
