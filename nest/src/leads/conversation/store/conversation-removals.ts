import { Injectable } from '@nestjs/common';

import { type LeadKindKey } from '../../../contract';

import { AttachmentStore } from './attachment.store';
import { ConversationStore } from './conversation.store';

/**
 * Leads' conversations go with the leads (deletion, erasure, retention): told by the kind's write
 * queue before the leads are removed (the core's LeadRemovalListener, met by shape: this layer
 * imports nothing of the core). Knows a lead by its id only, as the timeline does.
 */
@Injectable()
export class ConversationRemovals {
  constructor(
    private readonly store: ConversationStore,
    private readonly attachments: AttachmentStore,
  ) {}

  /**
   * Their attachments go first, then their messages (which say where the attachments are), so an
   * erasure cut short is finished by the next.
   */
  async forgetLeads(kind: LeadKindKey, leadIds: readonly string[]): Promise<void> {
    const forget = async (leadId: string) => {
      const slots = await this.store.all(kind, leadId);
      await this.attachments.forget(slots);
      await this.store.forget(kind, leadId, slots);
    };
    // A few leads at a time: a call deletes up to 200, each costing a few reads.
    for (let i = 0; i < leadIds.length; i += 10)
      await Promise.all(leadIds.slice(i, i + 10).map(forget));
  }
}
