import { type LeadList, type LeadStage } from '../../contract';

/**
 * What must still hold of a lead, as it was read, for a planned write to change it: the guard that
 * keeps a write from undoing what another process changed in between (decision 0004). Said in the
 * lead's own terms; the repository turns it into its engine's query (lead-conditions.repository.ts).
 */
export type LeadCondition =
  /** Nothing: every lead named changes (erasure). */
  | { always: true }
  /** In this list (`in: true`), or in any other one. */
  | { list: LeadList; in: boolean }
  /** In this list since before `before` (the list's first sort key): past its retention. */
  | { list: 'archived' | 'spam'; enteredBefore: Date }
  /** A time not set yet (null, or absent on a lead stored before the field), or one set. */
  | { field: 'readAt' | 'firstResponseAt' | 'awaitingReplySince'; is: 'unset' | 'set' }
  /** A stage other than this one (a lead stored before stages has none, which is other). */
  | { field: 'stage'; not: LeadStage }
  /** An owner other than this admin (by id), or (null) any owner at all. */
  | { field: 'assignee'; not: string | null }
  /** Active (not archived, not spam) and nobody's: what an assignment rule may give an owner. */
  | { unownedIn: 'active' };
