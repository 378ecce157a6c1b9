import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

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
      for (const service of this.registry.all()) {
        const filled = await service.fillEmailKeys();
        if (filled > 0) this.logger.log(`gave ${filled} ${service.kind.key} leads their email key`);
      }
    })().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'could not fill email keys; will try at next start'),
    );
  }
}
