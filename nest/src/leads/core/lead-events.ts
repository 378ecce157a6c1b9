import { Injectable, Logger } from '@nestjs/common';

import { type LeadKindKey, type LeadStage } from '../../contract';

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

type ArrivalListener = (kind: LeadKindKey, leadId: string) => Promise<void>;
/** Whether a listener will act on an arrival of the kind (the lead is then stored marked so). */
type ArrivalInterest = (kind: LeadKindKey) => Promise<boolean>;
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
  private readonly interests: ArrivalInterest[] = [];
  private readonly openLeads: OpenLeadsListener[] = [];

  onArrival(listener: ArrivalListener, interest?: ArrivalInterest): void {
    this.arrivals.push(listener);
    if (interest) this.interests.push(interest);
  }

  /**
   * Whether some listener will act on an arrival of the kind: the intake stores the lead marked
   * as waiting for it, so that the work is found again should this process stop before it is done.
   * A listener that cannot tell counts as not acting (as one that fails to act).
   */
  async awaited(kind: LeadKindKey): Promise<boolean> {
    for (const interest of this.interests) {
      const acts = await interest(kind).catch((error: unknown) => {
        this.logger.warn({ err: error, kind }, 'whether an arrival is awaited could not be told');
        return false;
      });
      if (acts) return true;
    }
    return false;
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
