import { Injectable, Logger } from '@nestjs/common';

import {
  type ActiveAssignmentRule,
  type AdminRef,
  type AssignmentWaitReason,
  type LeadKindKey,
  type LeadStage,
} from '../../contract';

import { listOf, type LeadRecord, stageOf } from './lead-record';

/** Stages a lead is done in: it counts as open in none of them. */
const CLOSED_STAGES: readonly LeadStage[] = ['won', 'lost'];

/** The admin (id) whose open lead this is: active, not won or lost, theirs. Null otherwise. */
export function openOwnerOf(record: LeadRecord): string | null {
  if (!record.assigneeId || listOf(record) !== 'active') return null;
  return CLOSED_STAGES.includes(stageOf(record)) ? null : record.assigneeId.toHexString();
}

/** How each admin's count of open leads moves when `before` become `after` (removed: absent). */
export function openLeadDeltas(
  before: readonly LeadRecord[],
  after: readonly LeadRecord[],
): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (owner: string | null, by: number) => {
    if (owner) deltas.set(owner, (deltas.get(owner) ?? 0) + by);
  };
  for (const lead of before) add(openOwnerOf(lead), -1);
  for (const lead of after) add(openOwnerOf(lead), 1);
  for (const [owner, delta] of deltas) if (delta === 0) deltas.delete(owner);
  return deltas;
}

/**
 * Whom a rule gave a lead the intake is about to store: an owner, or nobody and why (null: the
 * rule has nobody to choose from at all); or `pending`: the rule's round decides it after the
 * answer (the lead is stored marked, so a sweep finds it should this process stop first).
 */
export type ArrivalOwner =
  | { to: AdminRef; rule: ActiveAssignmentRule }
  | { waiting: AssignmentWaitReason | null; rule: ActiveAssignmentRule }
  | { pending: true };
/** What a rule decided for an arriving lead (not `pending`). */
export type RuleArrival = Exclude<ArrivalOwner, { pending: true }>;
/** Stores the arriving lead with what the rule decided (undefined: no rule is on for its kind). */
export type ArrivalStore = (owner: ArrivalOwner | undefined) => Promise<LeadRecord>;

type ArrivalListener = (kind: LeadKindKey, leadId: string) => Promise<void>;
/** Stores an arrival through `store`, exactly once, with what the kind's rule decides for it. */
type ArrivalDecider = (kind: LeadKindKey, store: ArrivalStore) => Promise<LeadRecord>;
type OpenLeadsListener = (kind: LeadKindKey, deltas: ReadonlyMap<string, number>) => void;

/**
 * What the lead core tells the features above it that need to follow leads without being part of
 * a kind: a lead arrived in the inbox (intake not spam, or out of Spam), and admins' open leads
 * changed. Listeners register at start (automatic assignment); the core never waits on a failure.
 */
@Injectable()
export class LeadEvents {
  private readonly logger = new Logger('LeadEvents');
  private readonly arrivals: ArrivalListener[] = [];
  private decider: ArrivalDecider | undefined;
  private readonly openLeads: OpenLeadsListener[] = [];

  onArrival(listener: ArrivalListener): void {
    this.arrivals.push(listener);
  }

  /** The one feature that decides an arrival's owner before it is stored (automatic assignment). */
  decideArrivals(decider: ArrivalDecider): void {
    this.decider = decider;
  }

  /**
   * Stores a lead reaching the inbox from the intake, exactly once: through the decider when there
   * is one (the owner is then written with the lead itself, decision 0043), else as it came.
   */
  storeArrival(kind: LeadKindKey, store: ArrivalStore): Promise<LeadRecord> {
    return this.decider ? this.decider(kind, store) : store(undefined);
  }

  onOpenLeads(listener: OpenLeadsListener): void {
    this.openLeads.push(listener);
  }

  /** A lead reached the inbox: resolves once every listener has had its turn (failures logged). */
  async arrived(kind: LeadKindKey, leadId: string): Promise<void> {
    for (const listener of this.arrivals)
      await listener(kind, leadId).catch((error: unknown) =>
        this.logger.warn({ err: error, kind, leadId }, 'a lead’s arrival was not handled'),
      );
  }

  /** Admins' open leads of a kind moved by these amounts (told, never waited on). */
  openLeadsChanged(kind: LeadKindKey, deltas: ReadonlyMap<string, number>): void {
    if (deltas.size === 0) return;
    for (const listener of this.openLeads) listener(kind, deltas);
  }
}
