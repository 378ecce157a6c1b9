import { type Model } from 'mongoose';

import { type LeadRecord } from '../lead-record';

import { assignWaitingQuery, openOwnedFilter } from './lead-queries.repository';

/** What the assignment rules read of one kind's leads: a sweep's waiting leads, a recount's owners. */
export class LeadAssignmentReads {
  constructor(private readonly model: Model<LeadRecord>) {}

  /**
   * Up to `limit` leads an assignment rule left waiting for these reasons (or marked for its
   * round), oldest first; those that arrived before `before` alone if given.
   */
  waitingForOwner(reasons: readonly string[], limit: number, before?: Date): Promise<LeadRecord[]> {
    const { filter, sort } = assignWaitingQuery(reasons, before);
    return this.model.find(filter).sort(sort).limit(limit).lean<LeadRecord[]>().exec();
  }

  /** Each open lead's owner (id): recounts admins' open leads. Reads every lead: never per request. */
  async openOwners(): Promise<string[]> {
    const leads = await this.model
      .find(openOwnedFilter, { assigneeId: 1 })
      .lean<Pick<LeadRecord, '_id' | 'assigneeId'>[]>()
      .exec();
    return leads.flatMap((lead) => (lead.assigneeId ? [lead.assigneeId.toHexString()] : []));
  }
}
