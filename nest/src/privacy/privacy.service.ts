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

  async leadsOf(email: string): Promise<PrivacyLeadsResponse> {
    const found = await Promise.all(
      LEAD_KIND_KEYS.map(
        async (key) => [key, await this.registry.get(key).privacy.findByEmail(email)] as const,
      ),
    );
    return {
      success: true,
      kinds: Object.fromEntries(found) as PrivacyLeadsResponse['kinds'],
      total: found.reduce((sum, [, leads]) => sum + leads.length, 0),
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
