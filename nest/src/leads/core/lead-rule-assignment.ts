import {
  type ActiveAssignmentRule,
  type AdminRef,
  ASSIGNMENT_WAIT_REASONS,
  type AssignmentWaitReason,
} from '../../contract';

import { listOf, type LeadRecord } from './lead-record';
import { planAssignmentWaiting, planRuleAssignment, planWaitingOver } from './lead-rule-plans';
import { type LeadWrites } from './lead-writes';
import { type LeadAssignmentReads } from './repository/lead-assignment.repository';
import { type LeadRepository } from './repository/lead.repository';

/** What became of a lead the rule looked at. */
export type RuleOutcome = 'assigned' | 'waiting' | 'not-open';

/**
 * One kind's leads as an assignment rule sees them: whether a lead may still be given an owner,
 * and the rule's writes, each through the kind's write queue and commit (totals, cached heads and
 * timeline as for an admin's assign call). Who is chosen is the rule's, not this.
 */
export class LeadRuleAssignment {
  constructor(
    private readonly leads: Pick<LeadRepository, 'findById'>,
    private readonly reads: LeadAssignmentReads,
    private readonly writes: Pick<LeadWrites, 'run' | 'commit'>,
  ) {}

  /** The lead as stored, when a rule may give it an owner (active and nobody's); else null. */
  async open(id: string): Promise<LeadRecord | null> {
    const lead = await this.leads.findById(id);
    return lead && isOpenForRule(lead) ? lead : null;
  }

  /** Gives the lead (as read) its owner, unless an admin took or moved it meanwhile. */
  assign(lead: LeadRecord, to: AdminRef, rule: ActiveAssignmentRule): Promise<RuleOutcome> {
    return this.writes.run(async () => {
      const now = await this.leads.findById(lead._id.toHexString());
      if (!now || !isOpenForRule(now)) return 'not-open';
      // Counted by the rule already, under its lock (what keeps the cap across processes).
      const done = await this.writes.commit(planRuleAssignment(now, to, rule, new Date()), null, {
        openCounted: true,
      });
      return done ? 'assigned' : 'not-open';
    });
  }

  /** Leaves the lead nobody's, marked with why: its timeline says so (once per reason). */
  wait(lead: LeadRecord, reason: AssignmentWaitReason, rule: ActiveAssignmentRule): Promise<void> {
    return this.writes.run(async () => {
      await this.writes.commit(planAssignmentWaiting(lead, reason, rule, new Date()), null);
    });
  }

  /** Up to `limit` leads waiting for an owner, oldest first; those no longer open are unmarked. */
  async waiting(limit: number): Promise<LeadRecord[]> {
    const found = await this.reads.waitingForOwner(Object.keys(ASSIGNMENT_WAIT_REASONS), limit);
    const stale = found.filter((lead) => !isOpenForRule(lead));
    for (const lead of stale)
      await this.writes.run(() => this.writes.commit(planWaitingOver(lead, new Date()), null));
    return found.filter(isOpenForRule);
  }

  /** How many open leads each admin has (by id), counted from the leads. */
  async openCounts(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const owner of await this.reads.openOwners())
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    return counts;
  }
}

const isOpenForRule = (lead: LeadRecord) => !lead.assigneeId && listOf(lead) === 'active';
