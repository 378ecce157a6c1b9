import { Logger } from '@nestjs/common';

import { SerialQueue } from '../../common/serial-queue';
import { type AdminRef, type LeadKindKey } from '../../contract';
import { type LeadTimeline } from '../timeline/lead-timeline.store';

import { type KeptDaysWriter } from './kept-days/kept-days-writer';
import { type ActionPlan } from './lead-action-plan';
import { type LeadEvents, openLeadDeltas } from './lead-events';
import { type LeadRecord } from './lead-record';
import { type LeadListView } from './list-view/lead-list-view';
import { totalsChange, type TotalsSnapshot } from './list-view/lead-totals';
import { type LeadRepository } from './repository/lead.repository';

/**
 * What goes when leads go (deletion, erasure, retention): told before the leads are removed, so a
 * failure leaves the leads there to be removed again (decision 0016's order).
 */
export interface LeadRemovalListener {
  forgetLeads(kind: LeadKindKey, leadIds: readonly string[]): Promise<void>;
}

/**
 * How a kind's leads change after intake (admin actions, erasure): one change at a time in this
 * process (decision 0005), each written to the leads first and then counted into the list view.
 */
export class LeadWrites {
  private readonly queue = new SerialQueue();

  private readonly logger: Logger;

  constructor(
    private readonly kind: LeadKindKey,
    private readonly leads: Pick<LeadRepository, 'write' | 'restore'>,
    private readonly view: Pick<LeadListView<LeadKindKey>, 'record' | 'distrust'>,
    private readonly timeline: Pick<LeadTimeline, 'append' | 'forget'>,
    /** What else goes with leads that go (their conversations), told before they are removed. */
    private readonly removals: readonly LeadRemovalListener[] = [],
    /** Told how admins' open leads moved (automatic assignment keeps the counts). */
    private readonly events?: Pick<LeadEvents, 'openLeadsChanged'>,
    /** Where insights' kept days are counted (issue 36). */
    private readonly kept?: Pick<KeptDaysWriter, 'record' | 'missed'>,
  ) {
    this.logger = new Logger(`Leads:${kind}`);
  }

  /** Runs `change` (its read, plan and commit) after every change of the kind queued before it. */
  run<T>(change: () => Promise<T>): Promise<T> {
    return this.queue.run(change);
  }

  /**
   * Writes a plan, counts it in and adds it to the leads' timelines (as done by `admin`); the
   * totals' new version, or undefined if nothing changed.
   */
  async commit(
    plan: ActionPlan,
    admin: AdminRef | null,
    options: { openCounted?: boolean } = {},
  ): Promise<TotalsSnapshot | undefined> {
    return (await this.commitCounting(plan, admin, options)).at;
  }

  /** As commit, and how many of the plan's targets the write changed. */
  async commitCounting(
    plan: ActionPlan,
    admin: AdminRef | null,
    /** The assignment rule counted its own change of open leads already. */
    { openCounted = false }: { openCounted?: boolean } = {},
  ): Promise<{ at: TotalsSnapshot | undefined; changed: number }> {
    if (plan.targets.length === 0) return { at: undefined, changed: 0 };
    // What leads that go said (notes, replies) goes first: should that fail, the call fails with
    // the leads still there, and a retry erases both. The other way round would leave it behind.
    if (plan.effect === 'remove' && !plan.keepsAttached) {
      const ids = plan.targets.map((lead) => lead._id.toHexString());
      await this.timeline.forget(ids);
      for (const removal of this.removals) await removal.forgetLeads(this.kind, ids);
    }
    const changed = await this.leads.write(plan);
    if (changed === 0) return { at: undefined, changed };
    // Another process changed some of these leads between our read and our write: which ones
    // can't be told from here, so the heads start over and the totals are counted again.
    if (changed !== plan.targets.length) {
      this.view.distrust();
      await this.kept?.missed();
    } else await this.kept?.record(...changedLeadsOf(plan));
    if (!openCounted) this.events?.openLeadsChanged(this.kind, openDeltasOf(plan));
    const at = await this.view.record(plan.delta, plan.changes);
    await this.record(plan.events, admin);
    return { at, changed };
  }

  /**
   * Puts a lead that went back as it was stored (an unmerge), counted into the totals and the
   * cached heads as an arrival is; false when it is there already (a retry).
   */
  async restore(record: LeadRecord): Promise<boolean> {
    if (!(await this.leads.restore(record))) return false;
    await this.arrived(record);
    return true;
  }

  /** Counts a lead just stored (intake, an unmerge) into the totals, the heads and the days. */
  async arrived(record: LeadRecord): Promise<TotalsSnapshot> {
    await this.kept?.record([], [record]);
    return this.view.record(totalsChange([], [record]), [{ upsert: record }]);
  }

  /**
   * The change is stored and answered from here on: a timeline that can't be written loses its
   * event (logged), never the change.
   */
  private async record(events: ActionPlan['events'], admin: AdminRef | null): Promise<void> {
    try {
      await this.timeline.append(
        this.kind,
        events.map((event) => ({ ...event, admin })),
      );
    } catch (error) {
      this.logger.warn({ err: error, events: events.length }, 'timeline not written');
    }
  }
}

/** The plan's leads that change, as read and as written (a lead that goes: as read only). */
function changedLeadsOf(plan: ActionPlan): [LeadRecord[], LeadRecord[]] {
  const after = plan.changes.flatMap((change) => ('upsert' in change ? [change.upsert] : []));
  const ids = new Set(
    plan.changes.map((c) => ('upsert' in c ? c.upsert._id.toHexString() : c.remove)),
  );
  return [plan.targets.filter((lead) => ids.has(lead._id.toHexString())), after];
}

/** How a plan moves admins' open leads: its targets as read, then as written (or gone). */
function openDeltasOf(plan: ActionPlan): Map<string, number> {
  const after = plan.changes.flatMap((change): LeadRecord[] =>
    'upsert' in change ? [change.upsert] : [],
  );
  return openLeadDeltas(plan.targets, after);
}
