import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { type LeadKindKey } from '../../contract';

import { LeadRegistry } from './lead-registry';

/** Leads given their words per write: a bounded read and one bulk write each. */
export const WORDS_BATCH = 500;

/**
 * Leads stored before search words existed get theirs at start, in the background and in batches,
 * so a search finds them too (until then it does not). Each batch is stored before the next is
 * read, so a stop in between loses nothing: the next start goes on with the leads still without.
 * A no-op once done (an index lookup of none on MongoDB: `words` leads an index).
 */
@Injectable()
export class LeadSearchWords implements OnApplicationBootstrap {
  private readonly logger = new Logger('Leads');

  constructor(private readonly registry: LeadRegistry) {}

  onApplicationBootstrap(): void {
    void (async () => {
      for (const { kind } of this.registry.all()) {
        const filled = await this.fill(kind.key);
        if (filled > 0) this.logger.log(`gave ${filled} ${kind.key} leads their search words`);
      }
    })().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'could not fill search words; will go on at next start'),
    );
  }

  /** Gives one kind's leads without search words theirs; answers how many there were. */
  async fill(kind: LeadKindKey, batch: number = WORDS_BATCH): Promise<number> {
    let filled = 0;
    for (;;) {
      const { read, written } = await this.fillBatch(kind, batch);
      filled += written;
      // A full batch of which none could be written would be read again forever: stop instead.
      if (read < batch || written === 0) return filled;
    }
  }

  /** One batch: up to `batch` leads without words read, given theirs and stored. */
  async fillBatch(kind: LeadKindKey, batch: number): Promise<{ read: number; written: number }> {
    const { repository } = this.registry.get(kind);
    const missing = await repository.withoutWords(batch);
    return { read: missing.length, written: await repository.setWords(missing) };
  }
}
