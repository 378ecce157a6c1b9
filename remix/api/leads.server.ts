import {
  archiveRequest,
  type ArchiveResponse,
  type CreateLeadRequest,
  type CreateLeadResponse,
  INBOX_PATH,
  type InboxOverviewResponse,
  LEAD_KINDS,
  type LeadKindKey,
  type LeadListQuery,
  type LeadListResponse,
  type LeadListState,
  type LeadMove,
  leadPaths,
} from '@contract';

import { apiFetch, type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// One wrapper for the four lead modules: they share one API shape, told apart by the contract.

const isList = (body: unknown): body is LeadListResponse =>
  hasSuccess('data', 'total', 'nextCursor')(body) && Array.isArray(body.data);

const isArchiveAnswer = (body: unknown): body is ArchiveResponse =>
  hasSuccess('unarchived', 'archived', 'unarchivedTotal', 'archivedTotal')(body) &&
  Array.isArray(body.unarchived) &&
  Array.isArray(body.archived);

const isCreated = (body: unknown): body is CreateLeadResponse =>
  hasSuccess('id')(body) && typeof body.id === 'string';

const isOverview = (body: unknown): body is InboxOverviewResponse =>
  hasSuccess('kinds')(body) &&
  typeof body.kinds === 'object' &&
  body.kinds !== null &&
  Object.keys(LEAD_KINDS).every((key) => key in (body.kinds as object));

/** Every kind's totals and first page of active leads: the dashboard in one call. */
export function inboxOverview(token: string): Promise<ApiOutcome<InboxOverviewResponse>> {
  return apiRequest(INBOX_PATH, isOverview, { token });
}

export function listLeads<K extends LeadKindKey>(
  kind: K,
  state: LeadListState,
  token: string,
  query: LeadListQuery = {},
): Promise<ApiOutcome<LeadListResponse<K>>> {
  const paths = leadPaths(LEAD_KINDS[kind]);
  return apiRequest(
    state === 'active' ? paths.active : paths.archived,
    isList as (body: unknown) => body is LeadListResponse<K>,
    { token, query: { limit: query.limit, cursor: query.cursor, q: query.q } },
  );
}

/** Archive or unarchive (spec section 7): the answer holds both lists' first pages. */
export function moveLead<K extends LeadKindKey>(
  kind: K,
  move: LeadMove,
  id: string,
  token: string,
): Promise<ApiOutcome<ArchiveResponse<K>>> {
  const descriptor = LEAD_KINDS[kind];
  return apiRequest(
    leadPaths(descriptor)[move],
    isArchiveAnswer as (body: unknown) => body is ArchiveResponse<K>,
    { method: 'POST', body: archiveRequest(descriptor, id), token },
  );
}

export function createLead<K extends LeadKindKey>(
  kind: K,
  body: CreateLeadRequest<K>,
  options: { clientIp?: string } = {},
): Promise<ApiOutcome<CreateLeadResponse>> {
  return apiRequest(leadPaths(LEAD_KINDS[kind]).create, isCreated, {
    method: 'POST',
    body,
    clientIp: options.clientIp,
  });
}

/**
 * The API's CSV export as a raw response, so the web server can stream it to the browser without
 * holding it in memory.
 */
export async function exportLeads(
  kind: LeadKindKey,
  state: LeadListState,
  token: string,
  q?: string,
): Promise<Response | ApiOutcome<never>> {
  return apiFetch(leadPaths(LEAD_KINDS[kind]).exportCsv, {
    token,
    query: { state, q },
    // Large exports take a while; the browser download is the one waiting.
    signal: AbortSignal.timeout(10 * 60_000),
  });
}
