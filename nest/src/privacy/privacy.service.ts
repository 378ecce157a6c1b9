import { Injectable } from '@nestjs/common';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type PrivacyEraseResponse,
  type PrivacyLeadsResponse,
} from '../contract';
import { LeadRegistry } from '../leads/core/lead-registry';

/** A person's leads across the four kinds: what we hold of them, and erasing it. */
@Injectable()
export class PrivacyService {
  constructor(private readonly registry: LeadRegistry) {}

  /** The person's leads, and what was done and said on each (its timeline: notes, replies). */
  async leadsOf(email: string): Promise<PrivacyLeadsResponse> {
    const found = await Promise.all(
      LEAD_KIND_KEYS.map(async (key) => {
        const { privacy, work } = this.registry.get(key);
        const leads = await privacy.findByEmail(email);
        const timelines = await Promise.all(
          leads.map(async (lead) => [lead._id, await work.timelineOf(lead._id)] as const),
        );
        return { key, leads, timelines };
      }),
    );
    return {
      success: true,
      kinds: Object.fromEntries(
        found.map(({ key, leads }) => [key, leads]),
      ) as PrivacyLeadsResponse['kinds'],
      timelines: Object.fromEntries(found.flatMap(({ timelines }) => timelines)),
      total: found.reduce((sum, { leads }) => sum + leads.length, 0),
    };
  }

  async erase(email: string): Promise<PrivacyEraseResponse> {
    const erased = await Promise.all(
      LEAD_KIND_KEYS.map(
        async (key) => [key, await this.registry.get(key).privacy.erase(email)] as const,
      ),
    );
    return {
      success: true,
      erased: Object.fromEntries(erased) as Record<LeadKindKey, number>,
      total: erased.reduce((sum, [, n]) => sum + n, 0),
    };
  }
}
