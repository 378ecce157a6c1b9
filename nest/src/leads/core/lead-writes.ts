import { SerialQueue } from '../../common/serial-queue';
import { type LeadKindKey } from '../../contract';

import { type ActionPlan } from './lead-action-plan';
import { type LeadRepository } from './lead.repository';
import { type LeadListView } from './list-view/lead-list-view';
import { type TotalsSnapshot } from './list-view/lead-totals.store';

/**
 * How a kind's leads change after intake (admin actions, erasure): one change at a time in this
 * process (decision 0005), each written to the leads first and then counted into the list view.
 */
export class LeadWrites {
  private readonly queue = new SerialQueue();

  constructor(
    private readonly leads: LeadRepository,
    private readonly view: LeadListView<LeadKindKey>,
  ) {}

  /** Runs `change` (its read, plan and commit) after every change of the kind queued before it. */
  run<T>(change: () => Promise<T>): Promise<T> {
    return this.queue.run(change);
  }

  /** Writes a plan, then counts it in; the totals' new version, or undefined if nothing changed. */
  async commit(plan: ActionPlan): Promise<TotalsSnapshot | undefined> {
    if (plan.targets.length === 0) return undefined;
    const changed = await this.leads.write(plan);
    if (changed === 0) return undefined;
    // Another process changed some of these leads between our read and our write: which ones
    // can't be told from here, so the heads start over and the totals are counted again.
    if (changed !== plan.targets.length) this.view.distrust();
    return this.view.record(plan.delta, plan.changes);
  }
}
