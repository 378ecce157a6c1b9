import { type Lead, type LeadKind, type LeadKindKey } from '../../contract';
import { type LeadNotifier } from '../../notifications/lead-notifier.service';

import { planErasure } from './lead-action-plan';
import { type LeadWrites } from './lead-writes';
import { type LeadRepository } from './lead.repository';
import { type LeadListView } from './list-view/lead-list-view';

/** More leads than one person leaves: a bound on an access request's answer. */
const PERSON_LEADS_MAX = 1_000;

/** A person's leads of one kind, by email address: what we hold of them, and erasing it. */
export class LeadPrivacy<K extends LeadKindKey = LeadKindKey> {
  constructor(
    readonly kind: LeadKind<K>,
    private readonly leads: LeadRepository,
    private readonly writes: LeadWrites,
    private readonly notifier: LeadNotifier,
    private readonly view: Pick<LeadListView<K>, 'leadsOf'>,
  ) {}

  /** Every lead of an email address, newest first (a person's right of access). */
  async findByEmail(email: string): Promise<Lead<K>[]> {
    return this.view.leadsOf(await this.leads.newestByEmail(email, PERSON_LEADS_MAX));
  }

  /**
   * Deletes every lead of an email address, active or archived (a person's right to erasure),
   * with their queued notifications. Answers how many were deleted.
   */
  erase(email: string): Promise<number> {
    return this.writes.run(async () => {
      const found = await this.leads.findByEmail(email);
      if (found.length === 0) return 0;
      await this.writes.commit(planErasure(found, new Date()), null);
      await this.notifier.forget(
        this.kind,
        found.map((lead) => lead._id.toHexString()),
      );
      return found.length;
    });
  }
}
