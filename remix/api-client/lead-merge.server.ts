import {
  LEAD_KINDS,
  type LeadKindKey,
  leadMergePaths,
  type LeadMergeResponse,
  type LeadRef,
  type LeadUnmergeResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// Merging one person's requests into one lead (issue 35), and taking a merge back.

const isMerge = (body: unknown): body is LeadMergeResponse =>
  hasSuccess('merge')(body) && typeof body.merge === 'object' && body.merge !== null;

const isUnmerge = (body: unknown): body is LeadUnmergeResponse =>
  hasSuccess('restored')(body) && Array.isArray(body.restored);

/** Merges (or, of other kinds, links) the leads `from` into lead `id`. */
export function mergeLeads(
  kind: LeadKindKey,
  id: string,
  from: LeadRef[],
  token: string,
): Promise<ApiOutcome<LeadMergeResponse>> {
  return apiRequest(leadMergePaths(LEAD_KINDS[kind]).merge(id), isMerge, {
    method: 'POST',
    body: { from },
    token,
  });
}

/** Takes merge `mergeId` into lead `id` back. */
export function unmergeLead(
  kind: LeadKindKey,
  id: string,
  mergeId: string,
  token: string,
): Promise<ApiOutcome<LeadUnmergeResponse>> {
  return apiRequest(leadMergePaths(LEAD_KINDS[kind]).unmerge(id), isUnmerge, {
    method: 'POST',
    body: { mergeId },
    token,
  });
}
