import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { AdminService } from '../auth/admin.service';
import { Coalescer } from '../common/coalescer';
import { KeptReading } from '../common/kept-reading';
import {
  type ActiveAssignmentRule,
  type AdminRef,
  type AssignmentSettings,
  isAwayAt,
  type KindAssignment,
  LEAD_KIND_KEYS,
  type LeadKindKey,
} from '../contract';
import { LeadEvents } from '../leads/core/lead-events';
import { LeadKinds } from '../leads/core/lead-kinds';
import { type LeadRecord } from '../leads/core/lead-record';

import { anyoneHasRoom, type Candidates, choose } from './assignment-choice';
import { type RotationState, RotationStore } from './assignment-state.store';
import { AssignmentStore } from './assignment.store';

/** What a kind's rotation is asked to do; each round under its lock takes all that came meanwhile. */
type Work =
  | { arrival: string }
  | { openDeltas: ReadonlyMap<string, number> }
  | { sweep: true }
  | { recount: true };

/** How many waiting leads one sweep looks at (oldest first); the next sweep goes on. */
const SWEEP_BATCH = 50;
/** How long a process keeps the rules it read: a change made elsewhere shows within this. */
const RULES_KEPT_MS = 1_000;

/**
 * Automatic assignment: gives a kind's arriving leads an owner by its rule (issue 35), and the
 * leads left waiting one when someone is available again. All of a kind's rule work in every API
 * process goes one round at a time under the kind's lock (RotationStore): a round reads the
 * rotation, the rules and who is away, decides and writes each lead, and writes the rotation back.
 * So the rotation and the caps hold across processes, and no lead is given an owner twice.
 */
@Injectable()
export class Assigner implements OnModuleInit {
  private readonly logger = new Logger('Assignment');
  private readonly rounds = new Map<LeadKindKey, Coalescer<Work, void>>();
  readonly rules: KeptReading<AssignmentSettings>;

  constructor(
    private readonly store: AssignmentStore,
    private readonly rotations: RotationStore,
    private readonly kinds: LeadKinds,
    private readonly admins: AdminService,
    private readonly events: LeadEvents,
  ) {
    this.rules = new KeptReading(() => this.store.rules(), RULES_KEPT_MS);
    for (const kind of LEAD_KIND_KEYS)
      this.rounds.set(
        kind,
        new Coalescer((work) => this.rotations.holding(kind, () => this.round(kind, work))),
      );
  }

  onModuleInit(): void {
    this.events.onArrival((kind, id) => this.arrived(kind, id));
    this.events.onOpenLeads((kind, deltas) => {
      this.push(kind, { openDeltas: deltas }).catch((error: unknown) =>
        this.logger.warn({ err: error, kind }, 'open leads not counted: recounted next round'),
      );
    });
  }

  /** A lead reached the inbox: given an owner now if its kind's rule is on (else nothing). */
  async arrived(kind: LeadKindKey, id: string): Promise<void> {
    if ((await this.rules.get())[kind].rule === 'off') return;
    await this.push(kind, { arrival: id });
  }

  /** Leads waiting for an owner get one if someone has room (oldest first). */
  sweep(kind: LeadKindKey): Promise<void> {
    return this.push(kind, { sweep: true });
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
  private async round(kind: LeadKindKey, work: Work[]): Promise<void> {
    const rules = this.rules.keep(await this.store.rules());
    const settings = rules[kind];
    const state = await this.rotations.read(kind);
    const leads = this.kinds.of(kind).ruleAssignment;
    if (work.some((w) => 'recount' in w) || (!state.counted && settings.rule !== 'off')) {
      state.open = Object.fromEntries(await leads.openCounts());
      state.counted = true;
    } else if (state.counted) {
      for (const w of work) if ('openDeltas' in w) applyDeltas(state, w.openDeltas);
    }
    if (settings.rule !== 'off') {
      const rule = settings.rule;
      const candidates = await this.candidates(settings);
      const give = (lead: LeadRecord) => this.give(lead, rule, settings, candidates, state);
      for (const w of work) {
        if (!('arrival' in w)) continue;
        const lead = await leads.open(w.arrival);
        if (lead) await give(lead);
      }
      if (work.some((w) => 'sweep' in w) && state.waiting)
        state.waiting = !(await this.sweepRound(kind, settings, candidates, state, give));
    }
    await this.rotations.write(state);
  }

  /** Gives waiting leads owners, oldest first, while anyone has room; true when none is left. */
  private async sweepRound(
    kind: LeadKindKey,
    settings: KindAssignment,
    candidates: Candidates & { refs: Map<string, AdminRef> },
    state: RotationState,
    give: (lead: LeadRecord) => Promise<boolean>,
  ): Promise<boolean> {
    if (!anyoneHasRoom(settings, candidates, state.open)) return false;
    const waiting = await this.kinds.of(kind).ruleAssignment.waiting(SWEEP_BATCH);
    for (const lead of waiting) if (!(await give(lead))) return false;
    return waiting.length < SWEEP_BATCH;
  }

  /** Gives one lead its owner by the rule, or marks it waiting; true when it got one. */
  private async give(
    lead: LeadRecord,
    rule: ActiveAssignmentRule,
    settings: KindAssignment,
    candidates: Candidates & { refs: Map<string, AdminRef> },
    state: RotationState,
  ): Promise<boolean> {
    const leads = this.kinds.of(stateKind(state)).ruleAssignment;
    const choice = choose(rule, settings, candidates, state.turn, state.open);
    if (!('admin' in choice)) {
      if (choice.waiting) {
        await leads.wait(lead, choice.waiting, rule);
        state.waiting = true;
      }
      return false;
    }
    const admin = candidates.refs.get(choice.admin);
    if (!admin) return false;
    state.turn = choice.turn;
    if ((await leads.assign(lead, admin, rule)) === 'assigned')
      state.open[admin.id] = (state.open[admin.id] ?? 0) + 1;
    return true;
  }

  /** The kind's eligible admins that still exist, in rotation order, and who of them is away. */
  private async candidates(
    settings: KindAssignment,
  ): Promise<Candidates & { refs: Map<string, AdminRef> }> {
    const [existing, availability] = await Promise.all([this.admins.list(), this.store.everyone()]);
    const refs = new Map(existing.map((a) => [a.id, { id: a.id, email: a.email }] as const));
    const admins = settings.admins.filter((id) => refs.has(id));
    const now = new Date();
    const away = new Set(
      admins.filter((id) => {
        const set = availability[id];
        return set !== undefined && isAwayAt(set, now);
      }),
    );
    return { admins, away, refs };
  }
}

const stateKind = (state: RotationState): LeadKindKey => state._id;

function applyDeltas(state: RotationState, deltas: ReadonlyMap<string, number>): void {
  for (const [admin, delta] of deltas) {
    const next = Math.max(0, (state.open[admin] ?? 0) + delta);
    if (next === 0) delete state.open[admin];
    else state.open[admin] = next;
  }
}
