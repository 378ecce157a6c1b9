import { Injectable } from '@nestjs/common';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type PrivacyEraseResponse,
  type PrivacyLeadsResponse,
} from '../contract';
import { LeadKinds } from '../leads/core/lead-kinds';
import { LeadWorks } from '../leads/work/lead-works';

/** A person's leads across the four kinds: what we hold of them, and erasing it. */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly kinds: LeadKinds,
    private readonly works: LeadWorks,
  ) {}

  /** The person's leads, and what was done and said on each (its timeline: notes, replies). */
  async leadsOf(email: string): Promise<PrivacyLeadsResponse> {
    const found = await Promise.all(
      LEAD_KIND_KEYS.map(async (key) => {
        const leads = await this.kinds.of(key).people.findByEmail(email);
        const work = this.works.of(key);
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
