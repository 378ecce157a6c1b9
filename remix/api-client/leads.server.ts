import {
  type ArchiveResponse,
  type CreateLeadRequest,
  type CreateLeadResponse,
  INBOX_PATH,
  type InboxOverviewResponse,
  LEAD_KINDS,
  type LeadKindKey,
  type LeadListQuery,
  type LeadListResponse,
  type LeadAction,
  type LeadIdsRequest,
  type LeadList,
  type LeadListState,
  leadPaths,
  type LeadResponse,
} from '@contract';

import { apiFetch, type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// One wrapper for the four lead modules: they share one API shape, told apart by the contract.

const isList = (body: unknown): body is LeadListResponse =>
  hasSuccess('data', 'total', 'nextCursor')(body) && Array.isArray(body.data);

const isArchiveAnswer = (body: unknown): body is ArchiveResponse =>
  hasSuccess('unarchived', 'archived', 'unarchivedTotal', 'archivedTotal', 'unreadTotal')(body) &&
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

/** Where each list is read. */
const LIST_PATH = { active: 'active', archived: 'archived', spam: 'spamList' } as const;

export function listLeads<K extends LeadKindKey>(
  kind: K,
  state: LeadList,
  token: string,
  query: LeadListQuery = {},
): Promise<ApiOutcome<LeadListResponse<K>>> {
  const paths = leadPaths(LEAD_KINDS[kind]);
  return apiRequest(
    paths[LIST_PATH[state]],
    isList as (body: unknown) => body is LeadListResponse<K>,
    {
      token,
      query: {
        limit: query.limit,
        cursor: query.cursor,
        q: query.q,
        stage: query.stage?.join(','),
        assignee: query.assignee,
        view: query.view,
      },
    },
  );
}

/**
 * Acts on leads: archive, unarchive, read, unread or delete, always by `{ids}` (the spec's
 * single-id body is for outside clients). Every answer holds both lists' first pages (the search's,
 * with `q`) and the totals.
 */
export function actOnLeads<K extends LeadKindKey>(
  kind: K,
  action: LeadAction,
  { ids, q }: { ids: readonly string[]; q?: string },
  token: string,
): Promise<ApiOutcome<ArchiveResponse<K>>> {
  const body: LeadIdsRequest = { ids: [...ids], ...(q ? { q } : {}) };
  return apiRequest(
    leadPaths(LEAD_KINDS[kind])[action],
    isArchiveAnswer as (body: unknown) => body is ArchiveResponse<K>,
    { method: 'POST', body, token },
  );
}

/** One lead with every stored field. */
export function getLead<K extends LeadKindKey>(
  kind: K,
  id: string,
  token: string,
): Promise<ApiOutcome<LeadResponse<K>>> {
  return apiRequest(
    leadPaths(LEAD_KINDS[kind]).one(id),
    (body: unknown): body is LeadResponse<K> =>
      hasSuccess('lead')(body) && typeof body.lead === 'object' && body.lead !== null,
    { token },
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
  tz?: string,
): Promise<Response | ApiOutcome<never>> {
  return apiFetch(leadPaths(LEAD_KINDS[kind]).exportCsv, {
    token,
    query: { state, q, tz },
    // Large exports take a while; the browser download is the one waiting.
    signal: AbortSignal.timeout(10 * 60_000),
  });
}
