import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { type LeadKindKey } from '../../contract';

import { LeadRegistry } from './lead-registry';

/**
 * Leads stored before `emailKey` existed get theirs at start, in the background, so privacy
 * requests find them too. A no-op once done (an index lookup of none on MongoDB).
 */
@Injectable()
export class LeadEmailKeys implements OnApplicationBootstrap {
  private readonly logger = new Logger('Leads');

  constructor(private readonly registry: LeadRegistry) {}

  onApplicationBootstrap(): void {
    void (async () => {
      for (const { kind } of this.registry.all()) {
        const filled = await this.fill(kind.key);
        if (filled > 0) this.logger.log(`gave ${filled} ${kind.key} leads their email key`);
      }
    })().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'could not fill email keys; will try at next start'),
    );
  }

  /** Gives one kind's leads without an email key theirs; answers how many there were. */
  async fill(kind: LeadKindKey): Promise<number> {
    const { repository } = this.registry.get(kind);
    const missing = await repository.withoutEmailKey();
    await repository.setEmailKeys(missing);
    return missing.length;
  }
}
