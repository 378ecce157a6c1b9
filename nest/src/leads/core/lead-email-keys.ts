import { Injectable } from '@nestjs/common';

import { LeadBackfill } from './lead-backfill';
import { type LeadRecord } from './lead-record';
import { type LeadRepository } from './lead.repository';

/** Leads stored before `emailKey` existed get theirs at start, so privacy requests find them too. */
@Injectable()
export class LeadEmailKeys extends LeadBackfill {
  protected readonly gives = 'their email key';

  protected missing(repository: LeadRepository, limit: number): Promise<LeadRecord[]> {
    return repository.withoutEmailKey(limit);
  }

  protected store(repository: LeadRepository, leads: LeadRecord[]): Promise<number> {
    return repository.setEmailKeys(leads);
  }
}
