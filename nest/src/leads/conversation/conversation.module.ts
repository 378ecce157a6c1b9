import { Module } from '@nestjs/common';

import { LEAD_KIND_KEYS, LEAD_KINDS } from '../../contract';
import { LeadKindsModule } from '../lead-kinds.module';

import { createConversationController } from './conversation.controller';
import { LeadConversation } from './lead-conversation';
import { leadMailPortProvider } from './lead-mail.adapter';
import { LEAD_MAIL_PORT } from './lead-mail.port';
import { ConversationStoreModule } from './store/conversation-store.module';

/**
 * Leads' conversations (issue 33), built on the lead core: each kind's calls to read them, the
 * conversation's rules (placing a message once, our sent replies), and LEAD_MAIL_PORT, the one
 * door through which the mail features reach leads. Inbound mail, privacy and the outbox's worker
 * import it; the storage below is ConversationStoreModule's.
 */
@Module({
  imports: [LeadKindsModule, ConversationStoreModule],
  controllers: LEAD_KIND_KEYS.map((key) => createConversationController(LEAD_KINDS[key])),
  providers: [LeadConversation, leadMailPortProvider],
  exports: [LeadConversation, LEAD_MAIL_PORT, ConversationStoreModule],
})
export class LeadConversationModule {}
