import { type ActiveAssignmentRule, ASSIGNMENT_WAIT_REASONS } from '../../contract';

import { listOf, type LeadRecord, RULE_PENDING } from './lead-record';
import { planRuleRound, planWaitingOver, type RuleDecision } from './lead-rule-plans';
import { type LeadWrites } from './lead-writes';
import { type LeadAssignmentReads } from './repository/lead-assignment.repository';
import { type LeadRepository } from './repository/lead.repository';

/** What became of a rule's round. */
export interface RoundOutcome {
  /** Leads given an owner. */
  assigned: number;
  /** Whether some lead was left waiting for an owner (nobody available). */
  waiting: boolean;
  /** False when the write changed fewer leads than planned (another process moved some). */
  exact: boolean;
}

/**
 * One kind's leads as an assignment rule sees them: which may still be given an owner, and the
 * rule's writes, through the kind's write queue and commit (totals, cached heads and timeline as
 * for an admin's assign call). Who is chosen is the rule's (`decide`), not this.
 */
export class LeadRuleAssignment {
  constructor(
    private readonly leads: Pick<LeadRepository, 'findByIds'>,
    private readonly reads: LeadAssignmentReads,
    private readonly writes: Pick<LeadWrites, 'run' | 'commit' | 'commitCounting'>,
  ) {}

  /**
   * A round of the rule over these leads: read again in the kind's queue; those still active and
   * nobody's decided oldest first and written in one plan (one write of them all); the marks of
   * those no longer open cleared.
   */
  round(
    ids: readonly string[],
    decide: (lead: LeadRecord) => RuleDecision,
    rule: ActiveAssignmentRule,
  ): Promise<RoundOutcome> {
    return this.writes.run(async () => {
      const found = (await this.leads.findByIds([...new Set(ids)])).sort(oldestFirst);
      const decisions = found.filter(isOpenForRule).map(decide);
      const plan = planRuleRound(decisions, rule, new Date());
      // Counted by the rule already, under its lock (what keeps the cap across processes).
      const { changed } = await this.writes.commitCounting(plan, null, { openCounted: true });
      await this.unmark(found.filter((lead) => !isOpenForRule(lead)));
      return {
        assigned: decisions.filter((d) => 'to' in d).length,
        waiting: decisions.some((d) => 'waiting' in d && d.waiting),
        exact: changed === plan.targets.length,
      };
    });
  }

  /** Leads that waited for a rule now off: no longer marked (the rule is not to pick them up). */
  release(ids: readonly string[]): Promise<void> {
    return this.writes.run(async () => this.unmark(await this.leads.findByIds([...new Set(ids)])));
  }

  /**
   * Up to `limit` leads the intake stored before `before` for the rule's round that have not had
   * it yet, oldest first (ids): those of a process that stopped first (or of a round very late).
   */
  async pending(limit: number, before: Date): Promise<string[]> {
    const found = await this.reads.waitingForOwner([RULE_PENDING], limit, before);
    return found.map((lead) => lead._id.toHexString());
  }

  /** Up to `limit` leads waiting for an owner, oldest first; those no longer open are unmarked. */
  async waiting(limit: number): Promise<LeadRecord[]> {
    const found = await this.reads.waitingForOwner(Object.keys(ASSIGNMENT_WAIT_REASONS), limit);
    await this.writes.run(() => this.unmark(found.filter((lead) => !isOpenForRule(lead))));
    return found.filter(isOpenForRule);
  }

  /** How many open leads each admin has (by id), counted from the leads. */
  async openCounts(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const owner of await this.reads.openOwners())
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    return counts;
  }

  /** Only inside the kind's queue. */
  private async unmark(leads: readonly LeadRecord[]): Promise<void> {
    await this.writes.commit(planWaitingOver(leads, new Date()), null);
  }
}

const isOpenForRule = (lead: LeadRecord) => !lead.assigneeId && listOf(lead) === 'active';

const oldestFirst = (a: LeadRecord, b: LeadRecord) =>
  a.createdAt.getTime() - b.createdAt.getTime() ||
  a._id.toHexString().localeCompare(b._id.toHexString());
