import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { AdminService } from '../auth/admin.service';
import { Coalescer } from '../common/coalescer';
import { KeptReading } from '../common/kept-reading';
import { asSystem } from '../common/lead-viewer.context';
import {
  type ActiveAssignmentRule,
  type AssignmentSettings,
  type KindAssignment,
  LEAD_KIND_KEYS,
  type LeadKindKey,
} from '../contract';
import { type ArrivalStore, LeadEvents, type RuleArrival } from '../leads/core/lead-events';
import { LeadKinds } from '../leads/core/lead-kinds';
import { type LeadRecord } from '../leads/core/lead-record';
import { type RuleDecision } from '../leads/core/lead-rule-plans';

import { anyoneHasRoom, candidatesOf, choose, type RuleCandidates } from './assignment-choice';
import { applyOpenDeltas, type RotationState, RotationStore } from './assignment-state.store';
import { activeKinds, AssignmentStore } from './assignment.store';
import { handOver, type Intake } from './intake-handover';

/** What a kind's rotation is asked to do; each round under its lock takes all that came meanwhile. */
type Work =
  | Intake
  | { arrival: string }
  | { openDeltas: ReadonlyMap<string, number> }
  | { sweep: true }
  | { recount: true }
  | { refresh: true };

/** How many waiting leads one sweep looks at (oldest first); the next sweep goes on. */
const SWEEP_BATCH = 50;
/** How many leads left for a round that never came one sweep hands on (oldest first). */
const PENDING_BATCH = 200;
/**
 * How long an arrival waits for its round (the kind's lock held elsewhere, a stale lock not yet
 * taken over) before it stores itself marked for a later round (decision 0041's path).
 */
const ARRIVAL_WAIT_MS = 5_000;
/** How long a process keeps the rules it read: a change made elsewhere shows within this. */
const RULES_KEPT_MS = 1_000;
/** How long a change of availability waits for the rounds that read it afresh. */
const AVAILABILITY_WAIT_MS = 2_000;

/**
 * What a round reads besides the rotation, kept while its process holds the kind's lock, for at
 * most RULES_KEPT_MS.
 */
interface LeaseReads {
  at: number;
  rules: AssignmentSettings;
  candidates?: RuleCandidates;
}

/**
 * Automatic assignment: gives a kind's arriving leads an owner by its rule (issue 35), and the
 * leads left waiting one when someone is available again. All of a kind's rule work in every API
 * process goes one round at a time under the kind's lock (RotationStore): a round reads the
 * rotation, the rules and who is away, decides every lead of the round and writes them in one
 * plan, and writes the rotation back. So the rotation and the caps hold across processes, and no
 * lead is given an owner twice. The intake does not wait for it (decision 0041): an arrival is
 * stored marked, and a round that never came (its process stopped) is found by the sweep.
 */
@Injectable()
export class Assigner implements OnModuleInit {
  private readonly logger = new Logger('Assignment');
  private readonly rounds = new Map<LeadKindKey, Coalescer<Work, void>>();
  private readonly kept = new Map<LeadKindKey, LeaseReads>();
  readonly rules: KeptReading<AssignmentSettings>;
  protected readonly arrivalWaitMs: number = ARRIVAL_WAIT_MS;

  constructor(
    private readonly store: AssignmentStore,
    private readonly rotations: RotationStore,
    private readonly kinds: LeadKinds,
    private readonly admins: AdminService,
    private readonly events: LeadEvents,
  ) {
    this.rules = new KeptReading(() => this.store.rules(), RULES_KEPT_MS);
    // A round reads every lead it names, whoever's request started it (an agent's not-spam move).
    for (const kind of LEAD_KIND_KEYS)
      this.rounds.set(
        kind,
        new Coalescer((work) =>
          asSystem(() =>
            this.rotations.holding(kind, (leaseStarted) => this.round(kind, work, leaseStarted)),
          ),
        ),
      );
  }

  onModuleInit(): void {
    this.events.onArrival((kind, id) => this.arrived(kind, id));
    this.events.decideArrivals((kind, store) => this.storeArrival(kind, store));
    this.events.onOpenLeads((kind, deltas) => this.countOpen(kind, deltas));
  }

  /** Whether the kind's rule is on (as this process read the rules within the last second). */
  async isOn(kind: LeadKindKey): Promise<boolean> {
    return (await this.rules.get())[kind].rule !== 'off';
  }

  /**
   * Stores a lead from the intake, exactly once: when its kind's rule is on, by the next round of
   * the rule, with the owner it decides, so the owner is written with the lead (decision 0043).
   * Should that round fail before storing it, the lead is stored marked for a round after the
   * answer (decision 0041): a rule's failure never costs the lead.
   */
  async storeArrival(kind: LeadKindKey, store: ArrivalStore): Promise<LeadRecord> {
    if (!(await this.isOn(kind).catch(() => false))) return store(undefined);
    const { intake, handed, giveUp } = handOver(store, this.arrivalWaitMs);
    void this.push(kind, intake)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, kind }, 'a round of the rule failed'),
      )
      .finally(giveUp);
    return (await handed) ?? store({ pending: true });
  }

  /** A lead reached the inbox: given an owner in the next round if its kind's rule is on. */
  async arrived(kind: LeadKindKey, id: string): Promise<void> {
    if (await this.isOn(kind)) await this.push(kind, { arrival: id });
  }

  /**
   * Leads waiting for an owner get one if someone has room (oldest first); so do leads stored
   * marked for a round before `leftBefore` that still wait for it (their process stopped first),
   * through this process's next round.
   */
  async sweep(kind: LeadKindKey, leftBefore: Date): Promise<void> {
    const pending = await this.kinds.of(kind).ruleAssignment.pending(PENDING_BATCH, leftBefore);
    if (pending.length > 0)
      this.logger.log({ kind, leads: pending.length }, 'leads left for a round');
    await Promise.all([
      this.push(kind, { sweep: true }),
      ...pending.map((id) => this.push(kind, { arrival: id })),
    ]);
  }

  /**
   * Someone's availability changed: a round of each kind whose rule is on reads it afresh here,
   * under the kind's lock, which another process holding it lets go (and reads afresh when it
   * takes it again). So every arrival after this resolves sees the change; should the lock not
   * come within AVAILABILITY_WAIT_MS, rounds elsewhere see it within the second they keep it.
   */
  async availabilityChanged(): Promise<void> {
    // The change is stored: nothing here may turn its answer into a failure.
    const rounds = this.rules
      .get()
      .then((rules) =>
        Promise.all(activeKinds(rules).map((kind) => this.push(kind, { refresh: true }))),
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'availability not read afresh'));
    await Promise.race([rounds, sleep(AVAILABILITY_WAIT_MS, undefined, { ref: false })]);
  }

  /** Counts each admin's open leads of the kind from the leads again (a rule switched on). */
  recount(kind: LeadKindKey): Promise<void> {
    return this.push(kind, { recount: true });
  }

  private push(kind: LeadKindKey, work: Work): Promise<void> {
    const rounds = this.rounds.get(kind);
    if (!rounds) throw new Error(`no assignment rounds for ${kind}`);
    return rounds.push(work);
  }

  /** One round, holding the kind's lock. */
  private async round(kind: LeadKindKey, work: Work[], leaseStarted: boolean): Promise<void> {
    // A recount follows a change of the rules, a refresh one of availability: read afresh.
    const afresh = work.some((w) => 'recount' in w || 'refresh' in w);
    const reads = await this.leaseReads(kind, leaseStarted || afresh);
    const settings = reads.rules[kind];
    const state = await this.rotations.read(kind);
    const leads = this.kinds.of(kind).ruleAssignment;
    if (work.some((w) => 'recount' in w) || (!state.counted && settings.rule !== 'off')) {
      await this.rotations.settled(kind);
      state.open = Object.fromEntries(await leads.openCounts());
      state.counted = true;
    } else if (state.counted) {
      for (const w of work) if ('openDeltas' in w) applyOpenDeltas(state, w.openDeltas);
    }
    const arrivals = work.flatMap((w) => ('arrival' in w ? [w.arrival] : []));
    const intakes = work.filter((w): w is Intake => 'store' in w);
    if (settings.rule === 'off') {
      // Nothing counted: the round need not wait for these inserts (each caller gets its own).
      for (const intake of intakes) if (!intake.gaveUp) intake.stored = intake.store(undefined);
      if (arrivals.length > 0) await leads.release(arrivals);
    } else {
      const rule = settings.rule;
      const candidates = (reads.candidates ??= await this.candidates(settings));
      const sweeping =
        work.some((w) => 'sweep' in w) &&
        state.waiting &&
        anyoneHasRoom(settings, candidates, state.open);
      const waiting = sweeping ? await leads.waiting(SWEEP_BATCH) : [];
      // None left when this batch was the last (the round may leave some waiting again).
      if (sweeping) state.waiting = waiting.length >= SWEEP_BATCH;
      const ids = [...waiting.map((lead) => lead._id.toHexString()), ...arrivals];
      if (ids.length > 0) {
        const decide = (lead: LeadRecord) => this.decide(lead, rule, settings, candidates, state);
        const outcome = await leads.round(ids, decide, rule);
        if (outcome.waiting) state.waiting = true;
        // Some lead was moved by another process between the read and the write: which one can't
        // be told, so the open leads are counted again next round (a cap never passed for it).
        if (!outcome.exact) state.counted = false;
      }
      // After the older leads above: the rotation gives them their turn first.
      const pick = () => this.pick(rule, settings, candidates, state);
      this.storeDecided(kind, intakes, pick, state);
    }
    await this.rotations.write(state);
  }

  /**
   * Stores each intake's lead with what the rule decides for it, without waiting for the inserts:
   * the next round decides on while they go (decision 0043). The kind's lock is let go, and a
   * recount reads the leads, only once they have settled, so no other process sees an owner counted
   * without its lead. A lead whose insert failed gives back its place under the cap in a later
   * round (its caller gets the failure).
   */
  private storeDecided(
    kind: LeadKindKey,
    intakes: readonly Intake[],
    pick: () => RuleArrival,
    state: RotationState,
  ): void {
    for (const intake of intakes) {
      if (intake.gaveUp) continue;
      const owner = pick();
      if ('waiting' in owner && owner.waiting) state.waiting = true;
      const stored = intake.store(owner);
      intake.stored = stored;
      this.rotations.track(kind, stored);
      if ('to' in owner) stored.catch(() => this.countOpen(kind, new Map([[owner.to.id, -1]])));
    }
  }

  private countOpen(kind: LeadKindKey, deltas: ReadonlyMap<string, number>): void {
    this.push(kind, { openDeltas: deltas }).catch((error: unknown) =>
      this.logger.warn({ err: error, kind }, 'open leads not counted: recounted next round'),
    );
  }

  /** A stored lead's decision, as pick. */
  private decide(
    lead: LeadRecord,
    rule: ActiveAssignmentRule,
    settings: KindAssignment,
    candidates: RuleCandidates,
    state: RotationState,
  ): RuleDecision {
    const owner = this.pick(rule, settings, candidates, state);
    return 'to' in owner ? { lead, to: owner.to } : { lead, waiting: owner.waiting };
  }

  /**
   * The rules, and who may be given leads, as read at the start of this process's hold of the
   * kind's lock (decision 0043), and again each second of a longer hold: a change made through
   * another process shows within the second the rules are kept for elsewhere.
   */
  private async leaseReads(kind: LeadKindKey, afresh: boolean): Promise<LeaseReads> {
    const kept = afresh ? undefined : this.kept.get(kind);
    if (kept && Date.now() - kept.at < RULES_KEPT_MS) return kept;
    const at = Date.now();
    const reads: LeaseReads = { at, rules: this.rules.keep(await this.store.rules()) };
    this.kept.set(kind, reads);
    return reads;
  }

  /** Whom the rule gives the next lead, moving the rotation on and counting it in; or nobody, why. */
  private pick(
    rule: ActiveAssignmentRule,
    settings: KindAssignment,
    candidates: RuleCandidates,
    state: RotationState,
  ): RuleArrival {
    const choice = choose(rule, settings, candidates, state.turn, state.open);
    if (!('admin' in choice)) return { waiting: choice.waiting, rule };
    const admin = candidates.refs.get(choice.admin);
    if (!admin) return { waiting: null, rule };
    state.turn = choice.turn;
    state.open[admin.id] = (state.open[admin.id] ?? 0) + 1;
    return { to: admin, rule };
  }

  /** The kind's eligible admins that still exist, in rotation order, and who of them is away. */
  private async candidates(settings: KindAssignment): Promise<RuleCandidates> {
    const [existing, availability] = await Promise.all([this.admins.list(), this.store.everyone()]);
    return candidatesOf(settings, existing, availability, new Date());
  }
}
