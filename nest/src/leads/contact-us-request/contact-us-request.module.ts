import { FIELD_LIMITS } from '../../contract';
import { LeadModule } from '../core/lead.module';
import { leadText } from '../core/lead.schema';

import { CreateContactUsRequestDto } from './create-contact-us-request.dto';

/** Contact-us requests: sent from the landing page's contact form (message and subject, no phone). */
export const ContactUsRequestModule = LeadModule.forKind('contactUs', {
  createDto: CreateContactUsRequestDto,
  fields: {
    message: leadText(FIELD_LIMITS.message),
    subject: leadText(FIELD_LIMITS.subject, false),
  },
});
