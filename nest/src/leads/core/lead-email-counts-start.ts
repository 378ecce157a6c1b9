import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { type AddressCounts, keyDeltas, withChanges } from './lead-email-counts';
import { LeadEmailCounts } from './lead-email-counts.store';
import { LeadCoreKinds } from './lead-kinds';

/**
 * The first start that keeps email counts takes them from every kind's leads, before the API
 * answers (so no arrival meanwhile is counted twice or lost); marked done once stored.
 */
@Injectable()
export class LeadEmailCountsStart implements OnApplicationBootstrap {
  private readonly logger = new Logger('Leads');

  constructor(
    private readonly counts: LeadEmailCounts,
    private readonly kinds: LeadCoreKinds,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.counts.taken()) return;
    const counts = new Map<string, AddressCounts>();
    for (const { kind, upkeep } of this.kinds.all)
      for await (const lead of upkeep.emails())
        for (const [key, places] of keyDeltas(kind.key, [lead], 1))
          counts.set(key, withChanges(counts.get(key) ?? { count: 0 }, places));
    // Before the API answers, nothing else writes them: replaced whole, the marker last.
    await this.counts.replaceAll(counts);
    if (counts.size > 0) this.logger.log(`counted the leads of ${counts.size} email addresses`);
  }
}
