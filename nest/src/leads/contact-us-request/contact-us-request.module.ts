import { Module } from '@nestjs/common';

import { FIELD_LIMITS, LEAD_KINDS } from '../../contract';
import { LeadModule } from '../core/lead.module';
import { leadText } from '../core/lead.schema';

/** Contact-us requests: sent from the landing page's contact form (message and subject, no phone). */
@Module({
  imports: [
    LeadModule.forKind({
      kind: LEAD_KINDS.contactUs,
      fields: {
        message: leadText(FIELD_LIMITS.message),
        subject: leadText(FIELD_LIMITS.subject, false),
      },
    }),
  ],
})
export class ContactUsRequestModule {}
