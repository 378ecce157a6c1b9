import { Injectable } from '@nestjs/common';

import { LeadBackfill } from './lead-backfill';
import { type LeadRecord } from './lead-record';
import { type LeadUpkeepRepository } from './repository/lead-upkeep.repository';

/**
 * Leads stored before search words existed get theirs at start, so a search finds them too (until
 * then it does not). `words` leads an index, so finding those without is an index lookup on MongoDB.
 */
@Injectable()
export class LeadSearchWords extends LeadBackfill {
  protected readonly gives = 'their search words';

  protected missing(repository: LeadUpkeepRepository, limit: number): Promise<LeadRecord[]> {
    return repository.withoutWords(limit);
  }

  protected store(repository: LeadUpkeepRepository, leads: LeadRecord[]): Promise<number> {
    return repository.setWords(leads);
  }
}
