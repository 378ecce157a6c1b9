import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { type LeadKindKey } from '../../contract';

import { LeadCoreKinds } from './lead-kinds';
import { type LeadRecord } from './lead-record';
import { type LeadUpkeepRepository } from './repository/lead-upkeep.repository';

/** Leads given a derived field per write: a bounded read and one bulk write each. */
export const BACKFILL_BATCH = 500;

/**
 * Gives leads stored before a derived field existed (email key, search words) theirs at start, in
 * the background and in batches. Each batch is stored before the next is read, so a stop in between
 * loses nothing: the next start goes on with the leads still without. A no-op once done (an index
 * lookup of none on MongoDB). Each field says how to find the leads without it and how to store it.
 */
@Injectable()
export abstract class LeadBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('Leads');
  /** What the leads are given, for the log: "their email key". */
  protected abstract readonly gives: string;

  constructor(private readonly kinds: LeadCoreKinds) {}

  /** Up to `limit` leads of the repository's kind without the field. */
  protected abstract missing(
    repository: LeadUpkeepRepository,
    limit: number,
  ): Promise<LeadRecord[]>;
  /** Gives those leads the field; answers how many were written. */
  protected abstract store(repository: LeadUpkeepRepository, leads: LeadRecord[]): Promise<number>;

  onApplicationBootstrap(): void {
    void (async () => {
      for (const { kind } of this.kinds.all) {
        const filled = await this.fill(kind.key);
        if (filled > 0) this.logger.log(`gave ${filled} ${kind.key} leads ${this.gives}`);
      }
    })().catch((error: unknown) =>
      this.logger.warn(
        { err: error },
        `could not give leads ${this.gives}; will go on at next start`,
      ),
    );
  }

  /** Gives one kind's leads without the field theirs; answers how many there were. */
  async fill(kind: LeadKindKey, batch: number = BACKFILL_BATCH): Promise<number> {
    let filled = 0;
    for (;;) {
      const { read, written } = await this.fillBatch(kind, batch);
      filled += written;
      // A full batch of which none could be written would be read again forever: stop instead.
      if (read < batch || written === 0) return filled;
    }
  }

  /** One batch: up to `batch` leads without the field read, given theirs and stored. */
  async fillBatch(kind: LeadKindKey, batch: number): Promise<{ read: number; written: number }> {
    const { upkeep } = this.kinds.of(kind);
    const missing = await this.missing(upkeep, batch);
    return { read: missing.length, written: await this.store(upkeep, missing) };
  }
}
