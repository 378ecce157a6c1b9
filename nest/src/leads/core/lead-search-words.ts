import { Injectable } from '@nestjs/common';

import { LeadBackfill } from './lead-backfill';
import { type LeadRecord } from './lead-record';
import { type LeadRepository } from './lead.repository';

/**
 * Leads stored before search words existed get theirs at start, so a search finds them too (until
 * then it does not). `words` leads an index, so finding those without is an index lookup on MongoDB.
 */
@Injectable()
export class LeadSearchWords extends LeadBackfill {
  protected readonly gives = 'their search words';

  protected missing(repository: LeadRepository, limit: number): Promise<LeadRecord[]> {
    return repository.withoutWords(limit);
  }

  protected store(repository: LeadRepository, leads: LeadRecord[]): Promise<number> {
    return repository.setWords(leads);
  }
}
