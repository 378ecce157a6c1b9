import { Injectable } from '@nestjs/common';

import { LeadBackfill } from './lead-backfill';
import { type LeadRecord } from './lead-record';
import { type LeadUpkeepRepository } from './repository/lead-upkeep.repository';

/** Leads stored before `emailKey` existed get theirs at start, so privacy requests find them too. */
@Injectable()
export class LeadEmailKeys extends LeadBackfill {
  protected readonly gives = 'their email key';

  protected missing(repository: LeadUpkeepRepository, limit: number): Promise<LeadRecord[]> {
    return repository.withoutEmailKey(limit);
  }

  protected store(repository: LeadUpkeepRepository, leads: LeadRecord[]): Promise<number> {
    return repository.setEmailKeys(leads);
  }
}
