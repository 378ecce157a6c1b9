import { Injectable } from '@nestjs/common';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type PrivacyEraseResponse,
  type PrivacyLeadsResponse,
} from '../contract';
import { LeadConversation } from '../leads/conversation/lead-conversation';
import { LeadKinds } from '../leads/core/lead-kinds';
import { LeadWorks } from '../leads/work/lead-works';

/** A person's leads across the four kinds: what we hold of them, and erasing it. */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly kinds: LeadKinds,
    private readonly works: LeadWorks,
    private readonly conversation: LeadConversation,
  ) {}

  /**
   * The person's leads, what was done and said on each (its timeline: notes, replies) and the
   * emails both ways (its conversation).
   */
  async leadsOf(email: string): Promise<PrivacyLeadsResponse> {
    const found = await Promise.all(
      LEAD_KIND_KEYS.map(async (key) => {
        const leads = await this.kinds.of(key).people.findByEmail(email);
        const work = this.works.of(key);
        const timelines = await Promise.all(
          leads.map(async (lead) => [lead._id, await work.timelineOf(lead._id)] as const),
        );
        const messages = await Promise.all(
          leads.map(
            async (lead) => [lead._id, await this.conversation.all(key, lead._id)] as const,
          ),
        );
        return { key, leads, timelines, messages };
      }),
    );
    return {
      success: true,
      kinds: Object.fromEntries(
        found.map(({ key, leads }) => [key, leads]),
      ) as PrivacyLeadsResponse['kinds'],
      timelines: Object.fromEntries(found.flatMap(({ timelines }) => timelines)),
      messages: Object.fromEntries(found.flatMap(({ messages }) => messages)),
      total: found.reduce((sum, { leads }) => sum + leads.length, 0),
    };
  }

  async erase(email: string): Promise<PrivacyEraseResponse> {
    const erased = await Promise.all(
      LEAD_KIND_KEYS.map(
        async (key) => [key, await this.kinds.of(key).people.erase(email)] as const,
      ),
    );
    return {
      success: true,
      erased: Object.fromEntries(erased) as Record<LeadKindKey, number>,
      total: erased.reduce((sum, [, n]) => sum + n, 0),
    };
  }
}
