import type { LeadKindDescriptor, LeadKindKey } from './lead-kinds';

// --- merging one person's requests (issue 35) -------------------------------------------------

/** A lead named by kind and id. */
export interface LeadRef {
  kind: LeadKindKey;
  id: string;
}

/** A merged request as it arrived: its contact details and its kind's own fields. */
export interface MergedOriginal {
  /** ISO 8601. */
  createdAt: string;
  name: string;
  email: string;
  phone_number: string;
  /** The kind's own fields (subject, message, company, location…), by name. */
  fields: Record<string, string>;
}

/** How many leads one merge may name: more than one person sends, few enough to finish at once. */
export const LEAD_MERGE_MAX = 20;

/**
 * Body of `POST /<kind path>/:id/merge`: the person's other requests. Those of the target's kind
 * are merged into it (they leave the lists); those of other kinds stay in their own inbox and are
 * linked to it.
 */
export interface LeadMergeRequest {
  from: LeadRef[];
}

/** Body of `POST /<kind path>/:id/unmerge`: the merge to take back (its timeline entry names it). */
export interface LeadUnmergeRequest {
  mergeId: string;
}

/** What a merge moves (or, on a dry run, would move) into the target. */
export interface LeadMergeMoves {
  /** Timeline entries (notes and replies among them). */
  events: number;
  notes: number;
  replies: number;
  /** Messages of the conversations. */
  messages: number;
}

/** A merge as done (or, on a dry run, as it would be done). */
export interface LeadMergeSummary {
  /** Null on a dry run: nothing was stored. */
  id: string | null;
  target: LeadRef;
  /** Of the target's kind: gone from the lists, their records now the target's. */
  merged: LeadRef[];
  /** Of other kinds: left where they are, linked to the target on both timelines. */
  linked: LeadRef[];
  moves: LeadMergeMoves;
  /** ISO 8601 of when it was done (or asked, on a dry run). */
  at: string;
}

export interface LeadMergeResponse {
  success: true;
  dryRun: boolean;
  merge: LeadMergeSummary;
}

export interface LeadUnmergeResponse {
  success: true;
  /** The leads back in their lists, as they were when merged. */
  restored: LeadRef[];
  /** The links taken off. */
  unlinked: LeadRef[];
}

/** Paths of one kind's merge calls. */
export function leadMergePaths(kind: LeadKindDescriptor) {
  const one = (id: string) => `/${kind.module}/${kind.resource}/${encodeURIComponent(id)}`;
  return {
    merge: (id: string, dryRun = false) => `${one(id)}/merge${dryRun ? '?dryRun=true' : ''}`,
    unmerge: (id: string) => `${one(id)}/unmerge`,
  } as const;
}
