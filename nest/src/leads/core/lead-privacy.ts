import { type Lead, type LeadKind, type LeadKindKey } from '../../contract';
import { type LeadNotifier } from '../../notifications/lead-notifier.service';

import { type ActionPlan, planErasure, planExpiry } from './lead-action-plan';
import { type LeadCondition } from './lead-condition';
import { type LeadWrites } from './lead-writes';
import { type LeadListView } from './list-view/lead-list-view';
import { type LeadRepository } from './repository/lead.repository';

/** More leads than one person leaves: a bound on an access request's answer. */
const PERSON_LEADS_MAX = 1_000;

/** A person's leads of one kind, by email address: what we hold of them, and erasing it. */
export class LeadPrivacy<K extends LeadKindKey = LeadKindKey> {
  constructor(
    readonly kind: LeadKind<K>,
    private readonly leads: Pick<
      LeadRepository,
      'newestByEmail' | 'findByEmail' | 'findByIds' | 'matching'
    >,
    private readonly writes: Pick<LeadWrites, 'run' | 'commit'>,
    private readonly notifier: Pick<LeadNotifier, 'forget'>,
    private readonly view: Pick<LeadListView<K>, 'leadsOf'>,
  ) {}

  /** Every lead of an email address, newest first (a person's right of access). */
  async findByEmail(email: string): Promise<Lead<K>[]> {
    return this.view.leadsOf(await this.leads.newestByEmail(email, PERSON_LEADS_MAX));
  }

  /** Leads by id (those of another address that hold a person's merged requests). */
  async withIds(ids: readonly string[]): Promise<Lead<K>[]> {
    return ids.length === 0 ? [] : this.view.leadsOf(await this.leads.findByIds(ids));
  }

  /**
   * Deletes every lead of an email address, active or archived (a person's right to erasure),
   * with their queued notifications. Answers how many were deleted.
   */
  erase(email: string): Promise<number> {
    return this.writes.run(async () => {
      const found = await this.leads.findByEmail(email);
      await this.remove(planErasure(found, new Date()));
      return found.length;
    });
  }

  /**
   * Deletes up to `limit` leads that meet `condition` (the retention run's: past their time) with
   * everything attached to them, as erasure does; answers how many. Only leads still meeting it
   * when written go.
   */
  expire(condition: LeadCondition, limit: number, now: Date): Promise<number> {
    return this.writes.run(async () => {
      const found = await this.leads.matching(condition, limit);
      await this.remove(planExpiry(found, now, condition));
      return found.length;
    });
  }

  /**
   * The one way leads go with everything attached: their queued notifications first, then (in the
   * commit) their timelines (notes, replies), then the leads (their search words with them), the
   * totals and cached heads. Interrupted anywhere, the leads are still there to be removed again.
   */
  private async remove(plan: ActionPlan): Promise<void> {
    if (plan.targets.length === 0) return;
    await this.notifier.forget(
      this.kind,
      plan.targets.map((lead) => lead._id.toHexString()),
    );
    await this.writes.commit(plan, null);
  }
}
